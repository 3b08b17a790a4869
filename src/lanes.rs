//! Eight bytes at a time (SWAR, little-endian: byte `k` of a word is lane `k`):
//! per lane, the high bit marks a property of that byte. The one home of these
//! bit tricks, for counting words and for skimming text in search.

pub(crate) const LOW: u64 = 0x0101_0101_0101_0101;
pub(crate) const HIGH: u64 = 0x8080_8080_8080_8080;

/// The eight bytes at `from`, zero-padded past the end (zero is no letter).
pub(crate) fn load(bytes: &[u8], from: usize) -> u64 {
    match bytes.get(from..from + 8) {
        Some(b) => u64::from_le_bytes(b.try_into().expect("eight bytes")),
        None => {
            let mut b = [0u8; 8];
            let rest = &bytes[from.min(bytes.len())..];
            b[..rest.len()].copy_from_slice(rest);
            u64::from_le_bytes(b)
        }
    }
}

/// ASCII lanes in `lo..=hi`.
fn within(x: u64, lo: u8, hi: u8) -> u64 {
    // Each lane starts at 0x80 or more, so no lane borrows from the next.
    let at_least = |v: u8| ((x | HIGH) - LOW * u64::from(v)) & HIGH;
    at_least(lo) & !at_least(hi + 1) & !x & HIGH
}

/// ASCII capitals.
pub(crate) fn upper(x: u64) -> u64 {
    within(x, b'A', b'Z')
}

/// ASCII lowercase letters and digits.
pub(crate) fn lower_or_digit(x: u64) -> u64 {
    within(x, b'0', b'9') | within(x, b'a', b'z')
}

/// ASCII letters and digits.
pub(crate) fn alnum(x: u64) -> u64 {
    // Bit 5 set makes capitals lowercase and makes no other byte a letter.
    within(x, b'0', b'9') | within(x | (LOW * 0x20), b'a', b'z')
}

/// Each lane's high bit moved to the next lane up, `carry` into lane 0.
pub(crate) fn shifted(mask: u64, carry: u64) -> u64 {
    (mask << 8) | carry
}

/// `mask`'s lane 7 as a carry into the next word's lane 0.
pub(crate) fn carry(mask: u64) -> u64 {
    (mask >> 56) & 0x80
}

/// Lanes holding ASCII whitespace (space, `\t`, `\n`, `\v`, `\f`, `\r`), in a
/// chunk whose every lane is ASCII (below 0x80, so additions never carry
/// across lanes).
pub(crate) fn ascii_space(chunk: u64) -> u64 {
    let not_blank = ((chunk ^ (LOW * 0x20)) + LOW * 0x7f) & HIGH; // byte != ' '
    let at_least_tab = (chunk + LOW * (0x80 - 0x09)) & HIGH; // byte >= '\t'
    let past_cr = (chunk + LOW * (0x80 - 0x0e)) & HIGH; // byte > '\r'
    (!not_blank | (at_least_tab & !past_cr)) & HIGH
}
