//! Fuzzes the selector parser on arbitrary text.
//!
//! Checks that `parse_selector`, `split_selectors` and `looks_like_selector` never
//! panic; that a parsed selector keeps its input as `source`, has between one and
//! `MAX_STEPS` steps and a `page` step only last; and that a syntax error points
//! inside its input and displays without panicking.

#![no_main]

use libfuzzer_sys::fuzz_target;
use mdsel::{MAX_STEPS, Target, looks_like_selector, parse_selector, split_selectors};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    check(text);
    looks_like_selector(text);
    for part in split_selectors(text) {
        assert!(!part.is_empty(), "split_selectors yields no empty parts");
        assert!(text.contains(part), "a part is a piece of the argument");
        check(part);
    }
});

fn check(text: &str) {
    match parse_selector(text) {
        Ok(sel) => {
            assert_eq!(sel.source, text);
            assert!(!sel.steps.is_empty() && sel.steps.len() <= MAX_STEPS);
            let pages = sel.steps.iter().filter(|s| s.target == Target::Page);
            assert!(
                pages.count() == 0 || sel.steps.last().unwrap().target == Target::Page,
                "page is only ever the last step"
            );
            for step in &sel.steps {
                if let Some(index) = &step.index {
                    let _ = index.to_string();
                }
            }
        }
        Err(err) => {
            assert_eq!(err.input, text);
            assert!(err.offset <= text.len(), "error offset inside the input");
            assert!(err.column() <= text.chars().count() + 1);
            let _ = err.to_string();
        }
    }
}
