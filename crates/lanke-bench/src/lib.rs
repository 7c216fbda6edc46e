//! Holder crate for the benchmarks in the repository's top-level `benches/`
//! directory; it has no code of its own.
