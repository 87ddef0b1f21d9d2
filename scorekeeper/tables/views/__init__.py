"""The table's views, by what they serve: the phone at the table (entry), a recorded deal (deals), the
table's files (files); page holds what they share."""
