//! Selectors: the syntax (`parse`; `split` for an argument holding several, or
//! a query) and its meaning over a document (`resolve`).
//!
//! A [`Selector`] is plain data parsed once; resolving it against documents never
//! re-reads the string. Grammar (docs/selectors.md, "Selectors"):
//!
//! ```text
//! selector  := [namespace "::"] step ("/" step)* ["?" query ("&" query)*]
//! step      := type [index] | "*" | "root"
//! index     := "." spec | "[" spec "]"
//! spec      := N | N "-" M | N ("," N)*
//! query     := "head=" N | "tail=" N | "full=true"
//! ```

mod anchors;
mod astro;
mod books;
mod docs;
mod eleventy;
mod error;
mod in_page;
mod includes;
mod labels;
mod landing;
mod link_paths;
mod locales;
mod missing;
mod mkdocs;
mod near_page;
mod notes;
mod parse;
mod partials;
mod redirects;
mod relative;
mod repair;
mod resolve;
mod routes;
mod served;
mod split;
mod syntax;
mod targets;
mod templates;
mod types;
mod vault;
mod versions;
mod zola;

pub(crate) use docs::{PageFinder, find_in};
pub use error::{Reason, SyntaxError};
pub(crate) use landing::{Inputs, Landing, Lands};
pub(crate) use link_paths::lands_outside;
pub(crate) use notes::{find_notes, may_name_a_note};
pub(crate) use parse::is_link_path;
pub use parse::parse;
pub(crate) use repair::repairs;
pub(crate) use resolve::{
    Hit, anchor_selector, canonical, children_available, loose_matches, resolve_in, type_name,
};
pub use resolve::{Miss, resolve};
pub(crate) use routes::{Moves, route_paths, routes_of};
pub(crate) use split::{looks_like_selector, split_selectors};
pub(crate) use syntax::DocRef;
pub use syntax::{Index, MAX_SELECTOR_LEN, MAX_STEPS, Query, Selector, Step, Target};
pub(crate) use targets::Targets;
pub(crate) use vault::{comments, wiki_url};
