//! The walk's order: each path found keyed once, as bytes that compare in the
//! order paths are listed (depth first, siblings by name, numbers as numbers,
//! partials last).

use std::path::Path;

/// The order keys of the paths a walk found, in one buffer: a small allocation
/// per path, freed between the paths that stay, would leave the heap in pieces
/// for the reads to come.
#[derive(Default)]
pub(super) struct Keys {
    bytes: Vec<u8>,
    /// Where each path's key ends in `bytes`, in the order found.
    ends: Vec<usize>,
}

impl Keys {
    /// Appends the key of the next path found, then `tail` (what tells apart
    /// two errors at one path).
    pub(super) fn push(&mut self, dir: &Path, path: &Path, tail: &[u8]) {
        push_order_key(dir, path, &mut self.bytes);
        self.bytes.extend_from_slice(tail);
        self.ends.push(self.bytes.len());
    }

    /// The key of the `k`th path found.
    pub(super) fn key(&self, k: usize) -> &[u8] {
        let start = if k == 0 { 0 } else { self.ends[k - 1] };
        &self.bytes[start..self.ends[k]]
    }

    /// The positions of the paths found, in key order (ties, which only the
    /// same path found twice can make, by position).
    pub(super) fn order(&self) -> Vec<usize> {
        let mut keyed: Vec<(&[u8], usize)> =
            (0..self.ends.len()).map(|k| (self.key(k), k)).collect();
        keyed.sort_unstable();
        keyed.into_iter().map(|(_, k)| k).collect()
    }
}

/// Appends to `key` where a path found under `dir` comes in the walk's order:
/// depth first, siblings (files and folders alike) by name, numbers in names
/// as numbers (`2.install.md` before `10.deploy.md`), partials after
/// the rest (see [`is_partial`]). Its components below `dir`, each as its
/// partial flag then its name (see [`push_natural`]) then a zero byte, compare
/// as bytes in that order: a name's key holds no zero byte, so a name that
/// begins another comes first.
pub(super) fn push_order_key(dir: &Path, path: &Path, key: &mut Vec<u8>) {
    let bytes = path.as_os_str().as_encoded_bytes();
    let below = bytes
        .strip_prefix(dir.as_os_str().as_encoded_bytes())
        .unwrap_or(bytes);
    let names = below
        .split(|&b| b.is_ascii() && std::path::is_separator(char::from(b)))
        .filter(|name| !name.is_empty());
    for name in names {
        key.push(u8::from(is_partial(name)));
        push_natural(name, key);
        key.push(0);
    }
}

/// Appends a name's order key: its bytes, each run of ASCII digits as `0`,
/// the count of its digits past leading zeros, those digits, and one more
/// than the count of leading zeros. Numbers then compare by size (a shorter
/// number is smaller), a digit against another byte as before, and `1` before
/// `01`. No byte is zero. A run of over 250 digits is kept as written.
fn push_natural(name: &[u8], key: &mut Vec<u8>) {
    key.reserve(name.len());
    let mut rest = name;
    while !rest.is_empty() {
        // What comes before the next digit, as it is.
        let text = rest
            .iter()
            .position(u8::is_ascii_digit)
            .unwrap_or(rest.len());
        key.extend_from_slice(&rest[..text]);
        rest = &rest[text..];
        let run = rest.iter().take_while(|b| b.is_ascii_digit()).count();
        if run == 0 {
            break;
        }
        let digits = &rest[..run];
        let zeros = digits
            .iter()
            .take_while(|&&b| b == b'0')
            .count()
            .min(run - 1);
        let significant = &digits[zeros..];
        match (u8::try_from(significant.len()), u8::try_from(zeros + 1)) {
            (Ok(len), Ok(lead)) if len <= 250 && lead <= 250 => {
                key.extend_from_slice(&[b'0', len]);
                key.extend_from_slice(significant);
                key.push(lead);
            }
            _ => key.extend_from_slice(digits),
        }
        rest = &rest[run..];
    }
}

/// Whether a file or folder is a partial: a name starting with `_` (other than
/// Hugo's `_index` pages), which site generators never publish as a page but
/// include into others. Partials are listed after their siblings, so a folder's
/// pages come first.
fn is_partial(name: &[u8]) -> bool {
    name.first() == Some(&b'_')
        && !name
            .get(..7)
            .is_some_and(|s| s.eq_ignore_ascii_case(b"_index."))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The key a byte at a time, as the doc comment of [`push_natural`] says.
    fn natural_by_bytes(name: &[u8]) -> Vec<u8> {
        let mut key = Vec::new();
        let mut i = 0;
        while i < name.len() {
            if !name[i].is_ascii_digit() {
                key.push(name[i]);
                i += 1;
                continue;
            }
            let run = name[i..].iter().take_while(|b| b.is_ascii_digit()).count();
            let digits = &name[i..i + run];
            let zeros = digits
                .iter()
                .take_while(|&&b| b == b'0')
                .count()
                .min(run - 1);
            let significant = &digits[zeros..];
            if significant.len() <= 250 && zeros < 250 {
                key.extend_from_slice(&[b'0', significant.len() as u8]);
                key.extend_from_slice(significant);
                key.push(zeros as u8 + 1);
            } else {
                key.extend_from_slice(digits);
            }
            i += run;
        }
        key
    }

    #[test]
    fn a_names_key_is_its_bytes_with_numbers_as_numbers() {
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let alphabet = b"0012345a-_.Z\xc3\xa9";
        let mut names: Vec<Vec<u8>> = ["", "7", "a", "007", "10.deploy.md"]
            .iter()
            .map(|s| s.as_bytes().to_vec())
            .collect();
        names.push([b"v".as_slice(), &[b'9'; 251], b".md"].concat());
        names.push([b"0".repeat(260), b"1".to_vec()].concat());
        for _ in 0..5000 {
            let len = (next() % 12) as usize;
            names.push(
                (0..len)
                    .map(|_| alphabet[(next() % alphabet.len() as u64) as usize])
                    .collect(),
            );
        }
        for name in names {
            let mut key = b"kept".to_vec();
            push_natural(&name, &mut key);
            assert_eq!(&key[..4], b"kept", "{name:?}");
            assert_eq!(key[4..], natural_by_bytes(&name), "{name:?}");
        }
        let key = |s: &str| {
            let mut k = Vec::new();
            push_natural(s.as_bytes(), &mut k);
            k
        };
        assert!(key("2.install.md") < key("10.deploy.md"));
        assert!(key("1") < key("01"));
    }
}
