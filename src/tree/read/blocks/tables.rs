//! Tables as the parser reads them, where the block-level pass reads
//! them itself: where one opens (a paragraph's only line over a delimiter
//! row of as many columns) and which lines go on it as rows.

/// Whether a paragraph's only line (`head`, past its indentation) and the
/// line under it (`delimiter`, whole) open a table as the parser reads them:
/// the head's pipes (less one that opens it, one more where text follows
/// the last) as many as the delimiter row's columns, each a run of `-` and
/// `:` between pipes. False where unsure (a backslash or vertical space in
/// the head, a tab in the row): the parser reads them.
pub(super) fn opens_table(head: &[u8], delimiter: &[u8]) -> bool {
    let unsure = |b: &u8| matches!(b, b'\\' | 0x0b | 0x0c);
    if head.iter().any(unsure) || delimiter.contains(&b'\t') {
        return false;
    }
    let Some(last_pipe) = memchr::memrchr(b'|', head) else {
        return false;
    };
    let pipes = head.iter().filter(|&&b| b == b'|').count();
    let opening = usize::from(head.first() == Some(&b'|'));
    let trailing = usize::from(
        !head[last_pipe + 1..]
            .iter()
            .all(|&b| b == b' ' || b == b'\t'),
    );
    let head_columns = pipes - opening + trailing;
    // The delimiter row, as the parser's `scan_table_head` reads it.
    let indent = delimiter.iter().take_while(|&&b| b == b' ').count();
    let Some(row) = delimiter
        .get(indent..)
        .filter(|r| indent <= 3 && !r.is_empty())
    else {
        return false;
    };
    let (row, mut pipe) = match row.strip_prefix(b"|") {
        Some(row) => (row, true),
        None => (row, false),
    };
    let (mut columns, mut hyphen, mut in_column, mut column_open) = (0, false, false, true);
    for &b in row {
        match b {
            b' ' => {}
            b':' => column_open = false,
            b'-' => (column_open, hyphen, in_column) = (false, true, true),
            b'|' if in_column => {
                (columns, pipe, in_column, column_open) = (columns + 1, true, false, true)
            }
            _ => return false,
        }
    }
    columns += usize::from(!column_open);
    pipe && hyphen && columns == head_columns
}

/// Whether a line after a table's rows (past its indentation, not blank)
/// is another row: one that may start no block the parser ends a table at
/// (a heading, a fence, a quote, a list item or a thematic break, HTML, a
/// footnote's definition: each left to the parser, as is a line starting
/// with a digit), and not a lone `|`, which holds no cell.
pub(super) fn table_row(rest: &[u8]) -> bool {
    match rest[0] {
        b'#' | b'`' | b'~' | b'>' | b'-' | b'*' | b'+' | b'_' | b'<' | b'[' | b'0'..=b'9' => false,
        b'|' => rest[1..]
            .iter()
            .any(|&b| !matches!(b, b' ' | b'\t' | 0x0b | 0x0c)),
        _ => true,
    }
}
