//! An ordered parallel map over scoped threads.
//!
//! Documents are loaded and parsed in parallel, but results come back in input
//! order, so output is byte-identical for any thread count. No work-stealing
//! library is needed for a list of files: an atomic cursor hands out indices.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Applies `f` to every item on up to `threads` threads; results keep input order.
pub(crate) fn map_ordered<T, R, F>(items: Vec<T>, threads: usize, f: F) -> Vec<R>
where
    T: Send,
    R: Send,
    F: Fn(T) -> R + Sync,
{
    map_ordered_with(items, threads, || (), |(), item| f(item))
}

/// [`map_ordered`] with scratch state made by `init` once per thread and lent to
/// every call on that thread (a cache, say: `f` must not let it change results).
pub(crate) fn map_ordered_with<T, R, S, I, F>(
    items: Vec<T>,
    threads: usize,
    init: I,
    f: F,
) -> Vec<R>
where
    T: Send,
    R: Send,
    I: Fn() -> S + Sync,
    F: Fn(&mut S, T) -> R + Sync,
{
    let threads = threads.clamp(1, items.len().max(1));
    if threads == 1 {
        let mut state = init();
        return items.into_iter().map(|item| f(&mut state, item)).collect();
    }
    let slots: Vec<Mutex<Option<T>>> = items.into_iter().map(|t| Mutex::new(Some(t))).collect();
    let results: Vec<Mutex<Option<R>>> = slots.iter().map(|_| Mutex::new(None)).collect();
    let cursor = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut state = init();
                loop {
                    let i = cursor.fetch_add(1, Ordering::Relaxed);
                    let Some(slot) = slots.get(i) else { break };
                    let item = take(slot);
                    let out = f(&mut state, item);
                    *results[i].lock().unwrap_or_else(|e| e.into_inner()) = Some(out);
                }
            });
        }
    });
    results.into_iter().map(|r| take_owned(r)).collect()
}

fn take<T>(slot: &Mutex<Option<T>>) -> T {
    let item = slot.lock().unwrap_or_else(|e| e.into_inner()).take();
    item.expect("each index is handed out once")
}

fn take_owned<R>(slot: Mutex<Option<R>>) -> R {
    let item = slot.into_inner().unwrap_or_else(|e| e.into_inner());
    item.expect("every index was processed")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_order_for_any_thread_count() {
        let want: Vec<u64> = (0..100u64).map(|x| x * x).collect();
        for threads in [0, 1, 2, 7, 200] {
            let got = map_ordered((0..100u64).collect(), threads, |x| x * x);
            assert_eq!(got, want, "threads={threads}");
        }
        assert!(map_ordered(Vec::<u8>::new(), 4, |x| x).is_empty());
    }
}
