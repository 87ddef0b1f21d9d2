"""What "fits a phone" means for every page: nothing wider than the screen, every control tall enough to tap, and
the charts' words at least 11 px."""

from __future__ import annotations

from playwright.sync_api import Page

MIN_TAP = 44  # px, WCAG 2.5.5's target size

# Links inside running text (a sentence around them) are exempt, as WCAG's inline exception allows; everything
# else that can be pressed is measured: its own box, or its label's for a checkbox or radio inside one.
MEASURE = """(minTap) => {
  const width = document.documentElement.clientWidth;
  const overflow = document.scrollingElement.scrollWidth - width;
  const small = [];
  const controls = document.querySelectorAll(
    'a[href], button, input:not([type=hidden]), select, textarea, summary');
  for (const el of controls) {
    if (el.closest('details:not([open])') && el.tagName !== 'SUMMARY') continue;
    let target = el;
    if (el.matches('input[type=checkbox], input[type=radio]')) target = el.closest('label') || el;
    const box = target.getBoundingClientRect();
    const style = getComputedStyle(target);
    if ((box.width === 0 && box.height === 0) || style.visibility === 'hidden') continue;
    if (el.tagName === 'A') {
      const around = (el.parentElement.textContent.replace(el.textContent, '').match(/\\p{L}/gu) || []).length;
      if (around >= 20 && getComputedStyle(el).display === 'inline') continue;
    }
    if (box.height < minTap) {
      small.push(`${el.tagName.toLowerCase()} "${(el.textContent || el.name || el.value || '').trim().slice(0, 40)}"`
        + ` ${Math.round(box.width)}x${Math.round(box.height)}`);
    }
  }
  const tiny = [];
  for (const chart of document.querySelectorAll('svg.chart')) {
    const scale = chart.getBoundingClientRect().width / chart.viewBox.baseVal.width;
    for (const text of chart.querySelectorAll('text')) {
      const px = parseFloat(getComputedStyle(text).fontSize) * scale;
      if (px < 11) tiny.push(`"${text.textContent.slice(0, 30)}" ${px.toFixed(1)} px`);
    }
  }
  return {overflow, small, tiny};
}"""


def phone_problems(page: Page) -> list[str]:
    """What stops the page fitting a 390 px phone: a horizontal overflow, and each control under 44 px tall."""
    found = page.evaluate(MEASURE, MIN_TAP)
    problems = [f"{found['overflow']} px wider than the screen"] if found["overflow"] > 0 else []
    problems += [f"{control} is under {MIN_TAP} px" for control in found["small"]]
    return problems + [f"chart text {text} is under 11 px" for text in found["tiny"]]
