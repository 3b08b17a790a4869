//! An ordered, bounded parallel map over scoped threads.
//!
//! Documents are read and parsed on up to `threads` threads, but their results
//! reach one consumer in input order, so output is byte-identical for any thread
//! count. At most a window of results is held at once: no item is started more
//! than [`window`] items ahead of the consumer, so memory grows with the
//! largest item, not with the number of items. No work-stealing library is
//! needed for a list of files: a cursor hands out indices.
//!
//! The calling thread is one of the `threads`: it consumes every result that
//! is ready in order, and works an item itself whenever none is, so `threads`
//! threads share `threads` cores and nobody idles on a core of its own. A
//! thread sleeps only when it has nothing to do, and is woken only when it
//! can go on: the caller when the result it waits for is in, a helper when the
//! window moves. Many small items then cost no wake-up each.
//!
//! A panic on either side cannot leave the other waiting: a helper that unwinds
//! stops the caller, and a caller that unwinds or stops early releases the
//! helpers; the panic then propagates from the scope as usual.

use std::ops::ControlFlow;
use std::sync::{Condvar, Mutex, MutexGuard};

/// How many items past the consumer's may be started: four per thread, so a
/// helper has room to go on while the caller works one item.
pub(crate) fn window(threads: usize) -> usize {
    threads * 4
}

/// Applies `work` to every item on up to `threads` threads and calls `consume`
/// with each result in input order, on the calling thread, as soon as it and
/// every earlier result are ready. `consume` may stop the run early with
/// [`ControlFlow::Break`]; items not yet started are then skipped.
///
/// `init` makes scratch state once per thread, lent to every `work` call on
/// that thread (a cache, say: `work` must not let it change results, which
/// would then depend on the thread count).
pub(crate) fn for_each_ordered_with<T, R, S, I, W, C>(
    items: Vec<T>,
    threads: usize,
    init: I,
    work: W,
    mut consume: C,
) where
    T: Send,
    R: Send,
    I: Fn() -> S + Sync,
    W: Fn(&mut S, T) -> R + Sync,
    C: FnMut(R) -> ControlFlow<()>,
{
    let threads = threads.clamp(1, items.len().max(1));
    if threads == 1 {
        let mut state = init();
        for item in items {
            if consume(work(&mut state, item)).is_break() {
                return;
            }
        }
        return;
    }
    let total = items.len();
    let window = window(threads);
    let shared = Shared {
        state: Mutex::new(State {
            items: items.into_iter().map(Some).collect(),
            next: 0,
            consumed: 0,
            ready: std::iter::repeat_with(|| None).take(window).collect(),
            stopped: false,
            caller_waits: false,
            helpers_waiting: 0,
        }),
        result_in: Condvar::new(),
        room: Condvar::new(),
    };
    std::thread::scope(|scope| {
        for _ in 1..threads {
            scope.spawn(|| helper(&shared, total, window, &init, &work));
        }
        // Stops the helpers however this ends: done, broken off, or unwinding.
        let _release = Stop(&shared);
        let mut state = init();
        let mut s = shared.lock();
        while s.consumed < total {
            let wanted = s.consumed;
            let result = if let Some(r) = s.ready[wanted % window].take() {
                r
            } else if s.stopped {
                return; // a helper panicked; the scope re-raises its panic
            } else if let Some((i, item)) = s.claim(total, window) {
                drop(s);
                let r = work(&mut state, item);
                s = shared.lock();
                if i != wanted {
                    s.ready[i % window] = Some(r);
                    continue;
                }
                r
            } else {
                s.caller_waits = true;
                s = shared.wait(&shared.result_in, s);
                s.caller_waits = false;
                continue;
            };
            s.consumed = wanted + 1;
            let wake = s.helpers_waiting > 0;
            drop(s);
            if wake {
                shared.room.notify_all();
            }
            if consume(result).is_break() {
                return;
            }
            s = shared.lock();
        }
    });
}

/// One helper: take the next index while the window allows, work, publish.
fn helper<T, R, S>(
    shared: &Shared<T, R>,
    total: usize,
    window: usize,
    init: &impl Fn() -> S,
    work: &impl Fn(&mut S, T) -> R,
) {
    // Stops everyone if `init` or `work` unwinds, so the caller is not left waiting.
    let guard = Stop(shared);
    let mut state = init();
    loop {
        let (i, item) = {
            let mut s = shared.lock();
            loop {
                if s.stopped {
                    std::mem::forget(guard);
                    return;
                }
                if let Some(claimed) = s.claim(total, window) {
                    break claimed;
                }
                if s.next >= total {
                    std::mem::forget(guard); // a normal exit stops nobody
                    return;
                }
                s.helpers_waiting += 1;
                s = shared.wait(&shared.room, s);
                s.helpers_waiting -= 1;
            }
        };
        let result = work(&mut state, item);
        let mut s = shared.lock();
        s.ready[i % window] = Some(result);
        let wake = s.caller_waits && s.consumed == i;
        drop(s);
        if wake {
            shared.result_in.notify_one();
        }
    }
}

struct Shared<T, R> {
    state: Mutex<State<T, R>>,
    /// The caller waits here for the result it needs next.
    result_in: Condvar,
    /// Helpers wait here for the window to move.
    room: Condvar,
}

struct State<T, R> {
    items: Vec<Option<T>>,
    /// The next index to hand out.
    next: usize,
    /// How many results the consumer has taken.
    consumed: usize,
    /// Finished results not yet consumed, result `i` at `i % window`: only
    /// the window's items can be started, so no two share a slot, and a
    /// result never moves until it is taken.
    ready: Vec<Option<R>>,
    /// Set when the run ends early (a panic, or the consumer stopped).
    stopped: bool,
    /// Whether the caller sleeps until result `consumed` is in.
    caller_waits: bool,
    /// How many helpers sleep until the window moves.
    helpers_waiting: usize,
}

impl<T, R> State<T, R> {
    /// The next item, if the window allows one.
    fn claim(&mut self, total: usize, window: usize) -> Option<(usize, T)> {
        if self.next >= total || self.next >= self.consumed + window {
            return None;
        }
        let i = self.next;
        self.next += 1;
        Some((
            i,
            self.items[i].take().expect("each index is handed out once"),
        ))
    }
}

impl<T, R> Shared<T, R> {
    fn lock(&self) -> MutexGuard<'_, State<T, R>> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn wait<'a>(
        &self,
        on: &Condvar,
        guard: MutexGuard<'a, State<T, R>>,
    ) -> MutexGuard<'a, State<T, R>> {
        on.wait(guard).unwrap_or_else(|e| e.into_inner())
    }
}

/// Marks the run stopped and wakes everyone, when dropped.
struct Stop<'a, T, R>(&'a Shared<T, R>);

impl<T, R> Drop for Stop<'_, T, R> {
    fn drop(&mut self) {
        self.0.lock().stopped = true;
        self.0.result_in.notify_all();
        self.0.room.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// Without per-thread state.
    fn for_each_ordered<T, R, W, C>(items: Vec<T>, threads: usize, work: W, consume: C)
    where
        T: Send,
        R: Send,
        W: Fn(T) -> R + Sync,
        C: FnMut(R) -> ControlFlow<()>,
    {
        for_each_ordered_with(items, threads, || (), |(), item| work(item), consume);
    }

    /// Applies `f` to every item on up to `threads` threads; results keep input order.
    fn map_ordered<T, R, F>(items: Vec<T>, threads: usize, f: F) -> Vec<R>
    where
        T: Send,
        R: Send,
        F: Fn(T) -> R + Sync,
    {
        let mut out = Vec::with_capacity(items.len());
        for_each_ordered(items, threads, f, |r| {
            out.push(r);
            ControlFlow::Continue(())
        });
        out
    }

    #[test]
    fn keeps_order_for_any_thread_count() {
        let want: Vec<u64> = (0..100u64).map(|x| x * x).collect();
        for threads in [0, 1, 2, 7, 200] {
            let got = map_ordered((0..100u64).collect(), threads, |x| x * x);
            assert_eq!(got, want, "threads={threads}");
        }
        assert!(map_ordered(Vec::<u8>::new(), 4, |x| x).is_empty());
    }

    #[test]
    fn never_runs_more_than_the_window_ahead() {
        let started = AtomicUsize::new(0);
        let mut consumed = 0;
        for_each_ordered(
            (0..200).collect(),
            3,
            |i: usize| {
                started.fetch_add(1, Ordering::SeqCst);
                i
            },
            |i| {
                assert_eq!(i, consumed);
                consumed += 1;
                // Started items the consumer has not taken: at most the window.
                let ahead = started.load(Ordering::SeqCst) - consumed;
                assert!(ahead <= window(3), "{ahead} items ahead");
                ControlFlow::Continue(())
            },
        );
        assert_eq!(consumed, 200);
    }

    #[test]
    fn a_consumer_can_stop_early() {
        for threads in [1, 4] {
            let started = AtomicUsize::new(0);
            let mut seen = Vec::new();
            for_each_ordered(
                (0..1000).collect(),
                threads,
                |i: usize| {
                    started.fetch_add(1, Ordering::SeqCst);
                    i
                },
                |i| {
                    seen.push(i);
                    if i == 4 {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                },
            );
            assert_eq!(seen, [0, 1, 2, 3, 4]);
            assert!(started.load(Ordering::SeqCst) < 100, "threads={threads}");
        }
    }

    #[test]
    fn a_panicking_worker_does_not_hang_the_consumer() {
        let outcome = std::panic::catch_unwind(|| {
            for_each_ordered(
                (0..100).collect(),
                4,
                |i: usize| {
                    assert!(i != 37, "worker fails on 37");
                    i
                },
                |_| ControlFlow::Continue(()),
            );
        });
        assert!(outcome.is_err(), "the worker's panic propagates");
    }

    #[test]
    fn a_panicking_consumer_does_not_hang_the_workers() {
        let outcome = std::panic::catch_unwind(|| {
            for_each_ordered(
                (0..100).collect(),
                4,
                |i: usize| i,
                |i| {
                    assert!(i != 3, "consumer fails on 3");
                    ControlFlow::Continue(())
                },
            );
        });
        assert!(outcome.is_err(), "the consumer's panic propagates");
    }

    #[test]
    fn each_thread_gets_its_own_state() {
        for threads in [1, 3] {
            let made = AtomicUsize::new(0);
            let mut out = Vec::new();
            for_each_ordered_with(
                (0..50u64).collect(),
                threads,
                || {
                    made.fetch_add(1, Ordering::SeqCst);
                    Vec::new()
                },
                |seen: &mut Vec<u64>, x| {
                    seen.push(x);
                    // Items on one thread come in increasing order.
                    assert!(seen.windows(2).all(|w| w[0] < w[1]));
                    x * x
                },
                |r| {
                    out.push(r);
                    ControlFlow::Continue(())
                },
            );
            assert_eq!(out, (0..50u64).map(|x| x * x).collect::<Vec<_>>());
            assert_eq!(made.load(Ordering::SeqCst), threads, "one state per thread");
        }
    }
}
