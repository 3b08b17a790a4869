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

/// ASCII lowercase letters and digits.
pub(crate) fn lower_or_digit(x: u64) -> u64 {
    within(x, b'0', b'9') | within(x, b'a', b'z')
}

/// ASCII letters and digits.
pub(crate) fn alnum(x: u64) -> u64 {
    alnum_upper(x).0
}

/// ASCII letters and digits, and the capitals among them: in fewer steps
/// than the two apart, for the loops that need both.
pub(crate) fn alnum_upper(x: u64) -> (u64, u64) {
    let ascii = !x & HIGH;
    // Each lane below 0x80, so adding up to 0x50 never carries into the next.
    let low = x & !HIGH;
    let digit = (low + LOW * u64::from(0x80 - b'0')) & !(low + LOW * u64::from(0x80 - b'9' - 1));
    // Bit 5 set makes capitals lowercase and makes no other byte a letter.
    let folded = low | (LOW * 0x20);
    let letter = (folded + LOW * u64::from(0x80 - b'a'))
        & !(folded + LOW * u64::from(0x80 - b'z' - 1))
        & ascii;
    // A letter is a capital where its bit 5 (moved up to bit 7) is clear.
    (digit & ascii | letter, letter & !(x << 2))
}

/// How many lanes of `mask` (high bits only) are set: `count_ones` without
/// the POPCNT instruction, which baseline x86-64 lacks (its fallback costs a
/// dozen instructions), as the lanes' sum in the top lane.
pub(crate) fn count(mask: u64) -> u32 {
    debug_assert_eq!(mask & !HIGH, 0);
    ((mask >> 7).wrapping_mul(LOW) >> 56) as u32
}

/// Each lane's high bit moved to the next lane up, `carry` into lane 0.
pub(crate) fn shifted(mask: u64, carry: u64) -> u64 {
    (mask << 8) | carry
}

/// `mask`'s lane 7 as a carry into the next word's lane 0.
pub(crate) fn carry(mask: u64) -> u64 {
    (mask >> 56) & 0x80
}

/// Lanes holding a byte from 0xE3 on: a lead byte of a character from U+3000
/// on, where every script written without spaces is encoded.
pub(crate) fn from_e3(x: u64) -> u64 {
    // A lane's low seven bits plus 0x1D reach 0x80 exactly from 0x63 on, and
    // never carry into the next lane.
    x & ((x & !HIGH) + LOW * 0x1D) & HIGH
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
