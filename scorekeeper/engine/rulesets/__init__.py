"""The four settlement rule sets of §4. Each `settle` works on one deal and a mutable `Work`."""
