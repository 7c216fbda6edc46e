//! Text → SGF game trees, hand-written.
//!
//! Why not sgf-parse, the crate the design card names: measured on the CWI
//! corpus it parses about 7,500 games/s on one core (the whole
//! decode+parse+replay target is 25,000), it silently turns an all-lowercase
//! identifier such as `b[qd]` into an empty identifier, and its nested
//! `children` vectors are dropped recursively, which overflows the stack on a
//! 100,000-move line. sgf-parse stays in the test suite as an oracle: over the
//! whole CWI corpus our main lines must equal its main lines.
//!
//! This parser is zero-copy (identifiers and values borrow the text), keeps
//! every tree in a flat arena (no recursion anywhere, so depth is unbounded),
//! and never fails: it reads everything it can and records every deviation
//! from the SGF grammar as a [`ParseIssue`]. A game whose tree has issues is a
//! *lenient* parse; one without is *strict*.
//!
//! Nothing here interprets properties; that is `record`'s job.

use std::borrow::Cow;
use std::fmt;
use std::ops::Range;

/// Sentinel for "no node".
pub const NO_NODE: u32 = u32::MAX;

/// One property: an identifier and the raw (still escaped) values.
#[derive(Debug, Clone)]
pub struct Property<'a> {
    /// The FF[4] identifier: FF[3] long names are reduced to their capitals
    /// (`AddBlack` → `AB`), all-lowercase ones upper-cased (with an issue).
    pub ident: Cow<'a, str>,
    values: Range<u32>,
}

/// One node: a range of properties and links to its children.
#[derive(Debug, Clone)]
pub struct Node {
    props: Range<u32>,
    pub first_child: u32,
    pub next_sibling: u32,
    /// Byte offset of the node's `;` in the text.
    pub offset: u32,
}

/// One game tree (one game of a collection), stored flat.
#[derive(Debug, Clone, Default)]
pub struct SgfTree<'a> {
    pub nodes: Vec<Node>,
    props: Vec<Property<'a>>,
    values: Vec<&'a str>,
    /// Deviations from the grammar met while reading this tree.
    pub issues: Vec<ParseIssue>,
}

impl<'a> SgfTree<'a> {
    /// The properties of node `n`.
    #[must_use]
    pub fn props(&self, n: u32) -> &[Property<'a>] {
        let r = &self.nodes[n as usize].props;
        &self.props[r.start as usize..r.end as usize]
    }

    /// The raw values of a property.
    #[must_use]
    pub fn values(&self, p: &Property<'a>) -> &[&'a str] {
        &self.values[p.values.start as usize..p.values.end as usize]
    }

    /// The node indices of the main line (first child each time), root first.
    pub fn main_line(&self) -> impl Iterator<Item = u32> + '_ {
        let mut next = if self.nodes.is_empty() { NO_NODE } else { 0 };
        std::iter::from_fn(move || {
            if next == NO_NODE {
                return None;
            }
            let current = next;
            next = self.nodes[current as usize].first_child;
            Some(current)
        })
    }

    /// Number of children of node `n`.
    #[must_use]
    pub fn child_count(&self, n: u32) -> usize {
        let mut count = 0;
        let mut c = self.nodes[n as usize].first_child;
        while c != NO_NODE {
            count += 1;
            c = self.nodes[c as usize].next_sibling;
        }
        count
    }
}

/// A deviation from the SGF grammar, with where it was met.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseIssue {
    /// 1-based line in the decoded text.
    pub line: u32,
    pub kind: ParseIssueKind,
}

impl fmt::Display for ParseIssue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.kind)
    }
}

/// What kind of deviation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseIssueKind {
    /// Text before the first game tree (mail headers, web page debris).
    LeadingJunk { bytes: usize },
    /// Text after the last game tree.
    TrailingJunk { bytes: usize },
    /// A character that has no place between properties.
    UnexpectedChar(char),
    /// An all-lowercase identifier, read as its upper-case form.
    LowercaseIdentifier { found: String, read_as: String },
    /// An identifier with no `[value]` after it; dropped.
    MissingValue { ident: String },
    /// A property before the first `;` of a tree; dropped.
    PropertyOutsideNode { ident: String },
    /// The text ended inside a property value; the partial value is kept.
    UnterminatedValue,
    /// The text ended with game trees still open.
    UnclosedTree { open: usize },
    /// A `)` with no open tree; ignored.
    UnmatchedClose,
    /// A `(` with no node before a nested tree; the variation is attached to the root.
    VariationWithoutNode,
    /// `()` or a tree with no node at all.
    EmptyTree,
    /// A tree whose properties come with no `;` (old tom.com exports): read
    /// as a root node, each further move a node of its own.
    NodesWithoutSemicolon,
}

impl fmt::Display for ParseIssueKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::LeadingJunk { bytes } => write!(
                f,
                "{bytes} bytes of non-SGF text before the first game tree skipped"
            ),
            Self::TrailingJunk { bytes } => write!(
                f,
                "{bytes} bytes of non-SGF text after the last game tree skipped"
            ),
            Self::UnexpectedChar(c) => write!(f, "unexpected character {c:?} skipped"),
            Self::LowercaseIdentifier { found, read_as } => {
                write!(f, "all-lowercase identifier `{found}` read as `{read_as}`")
            }
            Self::MissingValue { ident } => write!(f, "property `{ident}` has no value; dropped"),
            Self::PropertyOutsideNode { ident } => {
                write!(f, "property `{ident}` before the first node; dropped")
            }
            Self::UnterminatedValue => write!(
                f,
                "file ends inside a property value (truncated?); partial value kept"
            ),
            Self::UnclosedTree { open } => write!(
                f,
                "file ends with {open} game tree(s) still open (truncated?)"
            ),
            Self::UnmatchedClose => write!(f, "unmatched `)` ignored"),
            Self::VariationWithoutNode => write!(f, "variation opened before any node"),
            Self::EmptyTree => write!(f, "empty game tree"),
            Self::NodesWithoutSemicolon => write!(
                f,
                "properties with no `;` before them: read as the root node, each further move as a node"
            ),
        }
    }
}

/// Every game tree of a text plus, when there is no tree at all, the issues
/// met outside any tree (junk around a tree is charged to that tree).
#[derive(Debug, Clone, Default)]
pub struct ParsedCollection<'a> {
    pub trees: Vec<SgfTree<'a>>,
    pub issues: Vec<ParseIssue>,
}

struct Parser<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
    line: u32,
    line_pos: usize,
}

impl<'a> Parser<'a> {
    fn line_at(&mut self, offset: usize) -> u32 {
        // Lines are only needed for issues, which are rare: count lazily and
        // incrementally (offsets only grow).
        if offset >= self.line_pos {
            self.line += count_newlines(&self.bytes[self.line_pos..offset]);
            self.line_pos = offset;
        }
        self.line
    }

    fn issue(&mut self, offset: usize, kind: ParseIssueKind) -> ParseIssue {
        ParseIssue {
            line: self.line_at(offset),
            kind,
        }
    }

    fn skip_ws(&mut self) {
        while self.pos < self.bytes.len() && self.bytes[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
    }

    /// `(` followed by optional white space and `;` starts a tree; so does
    /// `(` followed by a property (an upper-case identifier and `[`), as old
    /// exports write it.
    fn tree_starts_at(&self, at: usize) -> bool {
        if self.bytes.get(at) != Some(&b'(') {
            return false;
        }
        let rest = &self.bytes[at + 1..];
        let Some(first) = rest.iter().position(|b| !b.is_ascii_whitespace()) else {
            return true;
        };
        let rest = &rest[first..];
        match rest[0] {
            b';' | b')' => true,
            b'A'..=b'Z' => {
                // FF[3] long names (`GaMe`) count too.
                let ident = rest.iter().take_while(|b| b.is_ascii_alphabetic()).count();
                let after = rest[ident..].iter().find(|b| !b.is_ascii_whitespace());
                after == Some(&b'[')
            }
            _ => false,
        }
    }

    /// Opens a node at the current position as the next child of `current`
    /// (a second sequence at the top of the tree joins the root's children)
    /// and returns it.
    fn open_node(
        &mut self,
        tree: &mut SgfTree<'a>,
        last_child: &mut Vec<u32>,
        current: u32,
    ) -> u32 {
        let id = tree.nodes.len() as u32;
        let start = tree.props.len() as u32;
        tree.nodes.push(Node {
            props: start..start,
            first_child: NO_NODE,
            next_sibling: NO_NODE,
            offset: self.pos as u32,
        });
        last_child.push(NO_NODE);
        let parent = if current != NO_NODE {
            current
        } else if id != 0 {
            // A second sequence at the top of the tree: a sibling
            // of nothing. Attach to the root so nothing is lost.
            let issue = self.issue(self.pos, ParseIssueKind::VariationWithoutNode);
            tree.issues.push(issue);
            0
        } else {
            return id;
        };
        let prev = last_child[parent as usize];
        if prev == NO_NODE {
            tree.nodes[parent as usize].first_child = id;
        } else {
            tree.nodes[prev as usize].next_sibling = id;
        }
        last_child[parent as usize] = id;
        id
    }

    /// Is the identifier starting at `at` a move (`B` or `W`, followed by
    /// its value)?
    fn move_ident_at(&self, at: usize) -> bool {
        let rest = &self.bytes[at..];
        matches!(rest.first(), Some(b'B' | b'W'))
            && !rest.get(1).is_some_and(u8::is_ascii_alphabetic)
    }

    fn parse_tree(&mut self) -> SgfTree<'a> {
        let mut tree = SgfTree::default();
        let mut last_child: Vec<u32> = Vec::new();
        // Open '(' levels: the node whose children the level's first node joins.
        let mut stack: Vec<u32> = Vec::new();
        let mut current = NO_NODE;
        // The tree's nodes have no `;` (see the property arm below).
        let mut implicit_nodes = false;
        self.pos += 1; // the opening '('
        stack.push(NO_NODE);
        while !stack.is_empty() {
            self.skip_ws();
            let Some(&b) = self.bytes.get(self.pos) else {
                let issue =
                    self.issue(self.pos, ParseIssueKind::UnclosedTree { open: stack.len() });
                tree.issues.push(issue);
                break;
            };
            match b {
                b'(' => {
                    if current == NO_NODE && !tree.nodes.is_empty() {
                        let issue = self.issue(self.pos, ParseIssueKind::VariationWithoutNode);
                        tree.issues.push(issue);
                        current = 0;
                    }
                    stack.push(current);
                    self.pos += 1;
                }
                b')' => {
                    current = stack.pop().unwrap_or(NO_NODE);
                    self.pos += 1;
                }
                b';' => {
                    current = self.open_node(&mut tree, &mut last_child, current);
                    self.pos += 1;
                }
                b'A'..=b'Z' | b'a'..=b'z' => {
                    // Old exports (tom.com) write a tree's properties and
                    // moves with no `;`: the first property opens the root,
                    // and in such a tree a second move opens the next node.
                    let starts_root = current == NO_NODE && tree.nodes.is_empty();
                    let next_move = implicit_nodes
                        && current != NO_NODE
                        && self.move_ident_at(self.pos)
                        && tree
                            .props(current)
                            .iter()
                            .any(|p| p.ident == "B" || p.ident == "W");
                    if starts_root || next_move {
                        if starts_root {
                            implicit_nodes = true;
                            let issue = self.issue(self.pos, ParseIssueKind::NodesWithoutSemicolon);
                            tree.issues.push(issue);
                        }
                        current = self.open_node(&mut tree, &mut last_child, current);
                    }
                    self.parse_property(&mut tree, current);
                }
                _ => {
                    let c = self.text[self.pos..].chars().next().unwrap_or('?');
                    let issue = self.issue(self.pos, ParseIssueKind::UnexpectedChar(c));
                    tree.issues.push(issue);
                    self.pos += c.len_utf8();
                }
            }
        }
        if tree.nodes.is_empty() {
            let issue = self.issue(self.pos, ParseIssueKind::EmptyTree);
            tree.issues.push(issue);
        }
        tree
    }

    fn parse_property(&mut self, tree: &mut SgfTree<'a>, current: u32) {
        let start = self.pos;
        while self.pos < self.bytes.len() && self.bytes[self.pos].is_ascii_alphabetic() {
            self.pos += 1;
        }
        let raw = &self.text[start..self.pos];
        let ident: Cow<'a, str> = if raw.bytes().all(|b| b.is_ascii_uppercase()) {
            Cow::Borrowed(raw)
        } else if raw.bytes().any(|b| b.is_ascii_uppercase()) {
            Cow::Owned(raw.chars().filter(char::is_ascii_uppercase).collect())
        } else {
            let upper = raw.to_ascii_uppercase();
            let issue = self.issue(
                start,
                ParseIssueKind::LowercaseIdentifier {
                    found: raw.to_string(),
                    read_as: upper.clone(),
                },
            );
            tree.issues.push(issue);
            Cow::Owned(upper)
        };
        let values_start = tree.values.len() as u32;
        loop {
            self.skip_ws();
            if self.bytes.get(self.pos) != Some(&b'[') {
                break;
            }
            self.pos += 1;
            let vstart = self.pos;
            let mut escaped = false;
            let mut end = None;
            while self.pos < self.bytes.len() {
                let b = self.bytes[self.pos];
                self.pos += 1;
                if escaped {
                    escaped = false;
                } else if b == b'\\' {
                    escaped = true;
                } else if b == b']' {
                    end = Some(self.pos - 1);
                    break;
                }
            }
            match end {
                Some(e) => tree.values.push(&self.text[vstart..e]),
                None => {
                    tree.values.push(&self.text[vstart..]);
                    let issue = self.issue(vstart, ParseIssueKind::UnterminatedValue);
                    tree.issues.push(issue);
                    break;
                }
            }
        }
        let values_end = tree.values.len() as u32;
        if values_end == values_start {
            let issue = self.issue(
                start,
                ParseIssueKind::MissingValue {
                    ident: ident.into_owned(),
                },
            );
            tree.issues.push(issue);
            return;
        }
        if current == NO_NODE {
            tree.values.truncate(values_start as usize);
            let issue = self.issue(
                start,
                ParseIssueKind::PropertyOutsideNode {
                    ident: ident.into_owned(),
                },
            );
            tree.issues.push(issue);
            return;
        }
        tree.props.push(Property {
            ident,
            values: values_start..values_end,
        });
        // Properties of a node are contiguous: a node's range always ends at
        // the arena's end while it is the current node.
        let node = &mut tree.nodes[current as usize];
        if node.props.end as usize != tree.props.len() - 1 {
            // Properties after a nested tree closed back to `current`
            // (e.g. `(;B[aa](;W[bb])C[x])`): move them to the end of the node range
            // by re-homing the node's range. Rare; copy the node's props.
            let moved: Vec<Property<'a>> =
                tree.props[node.props.start as usize..node.props.end as usize].to_vec();
            let new_start = tree.props.len() as u32 - 1;
            let last = tree.props.pop().expect("just pushed");
            tree.props.extend(moved);
            tree.props.push(last);
            node.props = new_start..tree.props.len() as u32;
        } else {
            node.props.end += 1;
        }
    }
}

fn count_newlines(bytes: &[u8]) -> u32 {
    bytes.iter().filter(|&&b| b == b'\n').count() as u32
}

/// Parses every game tree in `text`. Never fails; see [`ParsedCollection`].
#[must_use]
pub fn parse_collection(text: &str) -> ParsedCollection<'_> {
    let mut p = Parser {
        text,
        bytes: text.as_bytes(),
        pos: 0,
        line: 1,
        line_pos: 0,
    };
    let mut out = ParsedCollection::default();
    let mut junk_start: Option<usize> = None;
    while p.pos < p.bytes.len() {
        let b = p.bytes[p.pos];
        if p.tree_starts_at(p.pos) {
            let leading = junk_start.take().map(|js| {
                let kind = ParseIssueKind::LeadingJunk { bytes: p.pos - js };
                p.issue(js, kind)
            });
            let mut tree = p.parse_tree();
            // Junk before a tree makes that tree's reading lenient.
            if let Some(issue) = leading {
                tree.issues.insert(0, issue);
            }
            out.trees.push(tree);
        } else if b.is_ascii_whitespace() {
            p.pos += 1;
        } else {
            if junk_start.is_none() {
                junk_start = Some(p.pos);
            }
            p.pos += 1;
        }
    }
    if let Some(js) = junk_start {
        let bytes = p.bytes.len() - js;
        let kind = if out.trees.is_empty() {
            ParseIssueKind::LeadingJunk { bytes }
        } else {
            ParseIssueKind::TrailingJunk { bytes }
        };
        let issue = p.issue(js, kind);
        // Junk after the last tree makes that tree's reading lenient.
        match out.trees.last_mut() {
            Some(last) => last.issues.push(issue),
            None => out.issues.push(issue),
        }
    }
    out
}

/// Unescapes an SGF Text value: `\` escapes the next character, `\` before a
/// line break removes it (soft break). Line breaks are kept.
#[must_use]
pub fn unescape_text(raw: &str) -> Cow<'_, str> {
    if !raw.contains('\\') && !raw.contains('\r') {
        return Cow::Borrowed(raw);
    }
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        let escaped = c == '\\';
        let c = if escaped {
            match chars.next() {
                Some(next) => next,
                None => break,
            }
        } else {
            c
        };
        if c == '\n' || c == '\r' {
            // A CR LF or LF CR pair is one line break.
            let pair = if c == '\n' { '\r' } else { '\n' };
            if chars.peek() == Some(&pair) {
                chars.next();
            }
            // An escaped line break is a soft break: removed.
            if !escaped {
                out.push('\n');
            }
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// Unescapes an SGF SimpleText value: as [`unescape_text`], then every
/// white-space run becomes one space and the ends are trimmed.
#[must_use]
pub fn unescape_simple_text(raw: &str) -> String {
    let text = unescape_text(raw);
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn main_line_moves(t: &SgfTree<'_>) -> Vec<String> {
        t.main_line()
            .flat_map(|n| t.props(n).iter().map(move |p| (n, p)))
            .filter(|(_, p)| p.ident == "B" || p.ident == "W")
            .map(|(_, p)| format!("{}{}", p.ident, t.values(p)[0]))
            .collect()
    }

    #[test]
    fn collection_with_variations_keeps_main_line_and_siblings() {
        let c = parse_collection("(;SZ[9](;B[aa];W[bb](;B[cc])(;B[dd]))(;B[ee]))(;B[ff])");
        assert_eq!(c.trees.len(), 2);
        let t = &c.trees[0];
        assert!(t.issues.is_empty(), "{:?}", t.issues);
        assert_eq!(main_line_moves(t), ["Baa", "Wbb", "Bcc"]);
        assert_eq!(t.child_count(0), 2);
        assert_eq!(main_line_moves(&c.trees[1]), ["Bff"]);
    }

    #[test]
    fn ff3_long_identifiers_reduce_to_capitals() {
        let c = parse_collection("(;AddBlack[aa][bb]PlayerBlack[Honinbo];Black[cc];White[dd])");
        let t = &c.trees[0];
        assert!(t.issues.is_empty());
        let idents: Vec<_> = t.props(0).iter().map(|p| p.ident.to_string()).collect();
        assert_eq!(idents, ["AB", "PB"]);
        assert_eq!(main_line_moves(t), ["Bcc", "Wdd"]);
    }

    #[test]
    fn lowercase_identifier_is_read_and_reported() {
        let c = parse_collection("(;GM[1];b[qd];W[dd])");
        let t = &c.trees[0];
        assert_eq!(main_line_moves(t), ["Bqd", "Wdd"]);
        assert!(
            matches!(&t.issues[0].kind, ParseIssueKind::LowercaseIdentifier { found, .. } if found == "b")
        );
    }

    #[test]
    fn leading_junk_and_truncation_keep_the_game() {
        let c = parse_collection("From: someone\nSubject: (a game)\n\n(;GM[1];B[aa];W[bb];B[c");
        assert_eq!(c.trees.len(), 1);
        let t = &c.trees[0];
        assert!(matches!(
            t.issues[0].kind,
            ParseIssueKind::LeadingJunk { .. }
        ));
        assert_eq!(main_line_moves(t), ["Baa", "Wbb", "Bc"]);
        assert!(t
            .issues
            .iter()
            .any(|i| i.kind == ParseIssueKind::UnterminatedValue));
        assert!(t
            .issues
            .iter()
            .any(|i| matches!(i.kind, ParseIssueKind::UnclosedTree { .. })));
    }

    #[test]
    fn escapes_and_brackets_inside_values() {
        let c = parse_collection("(;C[a \\] b \\\\];B[aa])");
        let t = &c.trees[0];
        let v = t.values(&t.props(0)[0])[0];
        assert_eq!(unescape_text(v), "a ] b \\");
        assert_eq!(unescape_text("one\\\r\ntwo\r\nthree"), "onetwo\nthree");
        assert_eq!(main_line_moves(t), ["Baa"]);
    }

    #[test]
    fn deep_line_needs_no_recursion() {
        let mut s = String::from("(;GM[1]");
        for i in 0..200_000 {
            s.push_str(if i % 2 == 0 { ";B[aa]" } else { ";W[bb]" });
        }
        s.push(')');
        let mut nested = String::from("(;GM[1]");
        for _ in 0..100_000 {
            nested.push_str("(;B[aa]");
        }
        for _ in 0..100_000 {
            nested.push(')');
        }
        nested.push(')');
        assert_eq!(parse_collection(&s).trees[0].main_line().count(), 200_001);
        assert_eq!(
            parse_collection(&nested).trees[0].main_line().count(),
            100_001
        );
    }

    #[test]
    fn properties_after_a_closed_variation_stay_on_their_node() {
        let c = parse_collection("(;B[aa](;W[bb])C[late])");
        let t = &c.trees[0];
        let idents: Vec<_> = t.props(0).iter().map(|p| p.ident.to_string()).collect();
        assert_eq!(idents, ["B", "C"]);
    }

    #[test]
    fn a_tree_without_semicolons_reads_as_root_and_one_node_per_move() {
        // As old tom.com exports write it: `(` then properties, no `;`.
        let c = parse_collection("(GM[1]SZ[19]KO[6.5]\nB[pd]W[dd]B[pp]\nW[dp]C[x])");
        assert_eq!(c.trees.len(), 1);
        let t = &c.trees[0];
        assert_eq!(main_line_moves(t), ["Bpd", "Wdd", "Bpp", "Wdp"]);
        // The root holds the game info and the first move; every further
        // move opens a node, and the comment stays on the last move's.
        assert_eq!(t.main_line().count(), 4);
        let last = t.main_line().last().unwrap();
        assert!(t.props(last).iter().any(|p| p.ident == "C"));
        assert_eq!(t.issues.len(), 1);
        assert_eq!(t.issues[0].kind, ParseIssueKind::NodesWithoutSemicolon);
        // Text in parentheses is no tree.
        assert!(parse_collection("(see below) (x[1])").trees.is_empty());
    }

    #[test]
    fn binary_junk_yields_no_tree_and_an_issue() {
        let c = parse_collection("\u{1}\u{2}garbage(without a tree");
        assert!(c.trees.is_empty());
        assert!(!c.issues.is_empty());
    }
}
