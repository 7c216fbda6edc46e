//! The ending played out as a game: from the judged final position, both
//! sides alternately make the moves the record left unplayed — they save
//! their own chains that reading shows the opponent could take, take what
//! the opponent left en prise, play the boundary moves that gain a point,
//! fill the dame that force a protective move first, then the others —
//! until both pass.
//!
//! Every move is chosen by reading, never by shape: a chain is threatened
//! when the tactical reader (`tactics`) finds a capture for the opponent
//! moving first, and a move's worth is the change it makes to the count of
//! territory on the board, regions bordered by one colour's live stones
//! only (dead stones inside them counting as that colour's). A side never
//! fills a point of its own territory unless it must save a chain there
//! (a protective move), and never plays a stone the opponent could take.
//!
//! What lives elsewhere: the statuses and point classes (`statuses`, `classes`), the
//! reading itself (`tactics`), and the counting of the filled board.

use lanke_board::{Board, Cell};
use lanke_sgf::Color;

use crate::dame_shapes::spare_shared_liberty;
use crate::filling::takes_live_chain;
use crate::judgement::{Fill, FillKind, PointClass};
use crate::shortage::capture_sticks_with_dead;
use crate::tactics::{Tactics, TACTICS_BUDGET};
use crate::turns::{alternate, Played};

/// What the ending knows of the judged position.
pub(crate) struct Ending<'a, F: Fn(usize) -> PointClass> {
    /// The class of each grid point before the ending.
    pub class_at: &'a F,
    /// Dead stones, by grid index; a point emptied by a capture is no
    /// longer dead.
    pub dead: Vec<bool>,
    /// Stones of chains in seki, by grid index: never attacked nor saved.
    pub seki: &'a [bool],
    /// Board points in order.
    pub points: &'a [usize],
    /// The statuses are given (an overrides file, an engine): no move
    /// takes a chain they leave alive, a ko's stone apart
    /// (`filling::takes_live_chain`).
    pub given: bool,
}

/// A candidate move's reading.
struct Candidate {
    point: usize,
    /// Change in the mover's count (its territory less the opponent's).
    gain: i32,
    /// The move leaves an opponent chain the mover could take next.
    threat: bool,
}

impl<F: Fn(usize) -> PointClass> Ending<'_, F> {
    /// Plays the ending on `board` with `first` to move (`ko_ban`: the
    /// point it may not retake at once) until both sides pass, and returns
    /// the moves.
    pub(crate) fn play(
        &mut self,
        board: &mut Board,
        first: Color,
        ko_ban: Option<usize>,
    ) -> Vec<Fill> {
        let cells = self.points.last().map_or(0, |i| i + 1);
        // A point is played once: a point emptied again by a capture (a ko
        // taken) is not retaken, as nobody has a ko threat in the ending.
        let mut played = vec![false; cells];
        let limit = 2 * self.points.len();
        alternate(first, ko_ban, limit, |side, ko_ban| {
            let (i, kind) = self.choose(board, side, ko_ban, &played)?;
            played[i] = true;
            let r = board.play(side, i);
            // Dead stones taken are not prisoners: they count as removed
            // at the end anyway.
            let mut dead_taken = 0u16;
            if r.captured > 0 {
                for &p in self.points {
                    if board.cell(p) == Cell::Empty && self.dead[p] {
                        self.dead[p] = false;
                        dead_taken += 1;
                    }
                }
            }
            Some(Played {
                point: i,
                kind,
                prisoners: r.captured - dead_taken,
                ko: r.ko_point(),
            })
        })
    }

    /// `side`'s move: a save, a capture, a threat, a boundary move, a dame;
    /// `None` to pass.
    fn choose(
        &self,
        board: &Board,
        side: Color,
        ko_ban: Option<usize>,
        played: &[bool],
    ) -> Option<(usize, FillKind)> {
        let usable = |i: usize| Some(i) != ko_ban && !played[i];
        if let Some(i) = self.save(board, side, ko_ban).filter(|&i| usable(i)) {
            return Some((i, self.kind(side, i)));
        }
        if let Some(i) = self.capture(board, side).filter(|&i| usable(i)) {
            return Some((i, self.kind(side, i)));
        }
        // The count as it stands, from `side`'s view (the opponent's is its
        // negation): each candidate's gain is measured from it.
        let base = self.count(board, side);
        let candidates: Vec<Candidate> = self
            .open_points(board)
            .filter(|&i| usable(i))
            .filter_map(|i| self.read_move(board, side, i, base))
            .collect();
        // A dame that leaves the opponent a chain to save: played first,
        // the opponent's answer costs it a point and the move comes back.
        if let Some(c) = candidates
            .iter()
            .filter(|c| c.threat && c.gain >= 0)
            .max_by_key(|c| c.gain)
        {
            return Some((c.point, self.kind(side, c.point)));
        }
        // The biggest boundary move, counting what the opponent would
        // gain there (its threat included) as well as what the move gains.
        let worth = |c: &Candidate| {
            let theirs = self.read_move(board, side.opponent(), c.point, -base);
            c.gain + theirs.map_or(0, |t| t.gain.max(0) + i32::from(t.threat))
        };
        let best = candidates
            .iter()
            .filter(|c| c.gain >= 0)
            .map(|c| (worth(c), c))
            .max_by_key(|(w, c)| (*w, std::cmp::Reverse(c.point)));
        best.map(|(_, c)| (c.point, self.kind(side, c.point)))
    }

    fn kind(&self, side: Color, i: usize) -> FillKind {
        match (self.class_at)(i) {
            PointClass::Territory(c) | PointClass::SekiEye(c) if c == side => FillKind::Protective,
            _ => FillKind::Dame,
        }
    }

    /// Points the ending may fill: the judgement's dame and shared
    /// liberties that are still empty.
    fn open_points<'b>(&'b self, board: &'b Board) -> impl Iterator<Item = usize> + 'b {
        self.points.iter().copied().filter(move |&i| {
            board.cell(i) == Cell::Empty
                && matches!(
                    (self.class_at)(i),
                    PointClass::Dame | PointClass::SharedLiberty
                )
        })
    }

    /// A live chain of `side`'s that the opponent, moving first, could take
    /// for good: the move that saves it (the largest chain first). A lone
    /// stone whose only saving move lies in its own territory is given up
    /// (saving it costs the point its capture would).
    fn save(&self, board: &Board, side: Color, ko_ban: Option<usize>) -> Option<usize> {
        let mut best: Option<(usize, usize)> = None;
        for (stone, size) in self.short_chains(board, side) {
            let mut t = Tactics::new(TACTICS_BUDGET);
            let Some(capture) = t.attack(board, stone, None) else {
                continue;
            };
            if !self.capture_counts(board, side.opponent(), stone, capture) {
                continue;
            }
            // The cheapest save: a move outside one's own territory when
            // there is one. A lone stone is saved only by extending: taking
            // the stones around it to save it is not worth it (烂柯图
            // leaves such a stone at aa).
            let saves: Vec<usize> = t
                .saving_moves(board, stone, ko_ban)
                .into_iter()
                .filter(|&m| size > 1 || Board::neighbours(m).contains(&stone))
                .filter(|&m| !self.takes_given_alive(board, side, m))
                .collect();
            let Some(&m) = saves
                .iter()
                .find(|&&m| self.kind(side, m) == FillKind::Dame)
                .or(saves.first())
            else {
                continue;
            };
            if best.is_none_or(|(_, s)| size > s) {
                best = Some((m, size));
            }
        }
        best.map(|(m, _)| m)
    }

    /// Does the opponent's attack on the chain at `stone`, starting at
    /// `first`, matter? A chain in atari taken by dead stones alone is not
    /// (see `capture_sticks_with_dead`); a longer attack is made by new
    /// stones, which are live.
    fn capture_counts(&self, board: &Board, by: Color, stone: usize, first: usize) -> bool {
        match board.liberties_at_most::<1>(stone) {
            Some(_) => capture_sticks_with_dead(board, by, first, &self.dead),
            None => true,
        }
    }

    /// An opponent chain in atari that `side` takes for good, the largest
    /// first.
    fn capture(&self, board: &Board, side: Color) -> Option<usize> {
        let mut best: Option<(usize, usize)> = None;
        for (stone, size) in self.short_chains(board, side.opponent()) {
            let Some(([l], 1)) = board.liberties_at_most::<1>(stone) else {
                continue;
            };
            if (self.class_at)(l) == PointClass::SharedLiberty
                || matches!((self.class_at)(l), PointClass::SekiEye(_))
                || !capture_sticks_with_dead(board, side, l, &self.dead)
                || self.takes_given_alive(board, side, l)
            {
                continue;
            }
            if best.is_none_or(|(_, s)| size > s) {
                best = Some((l, size));
            }
        }
        best.map(|(l, _)| l)
    }

    /// Would `side` at `m` take a chain the given statuses leave alive?
    fn takes_given_alive(&self, board: &Board, side: Color, m: usize) -> bool {
        self.given && takes_live_chain(board, side, m, &self.dead)
    }

    /// Live, non-seki chains of `color` with at most three liberties: (a
    /// stone, the chain's size), in board order.
    fn short_chains(&self, board: &Board, color: Color) -> Vec<(usize, usize)> {
        let cells = self.points.last().map_or(0, |i| i + 1);
        let mut seen = vec![false; cells];
        let mut out = Vec::new();
        for &i in self.points {
            if board.cell(i) != Cell::of(color) || seen[i] || self.dead[i] || self.seki[i] {
                continue;
            }
            let (stones, libs) = board.chain(i);
            for &s in &stones {
                seen[s] = true;
            }
            // A chain a fill joined to dead stones counts by its live part.
            if libs <= 3 && !stones.iter().any(|&s| self.seki[s]) {
                out.push((i, stones.len()));
            }
        }
        out
    }

    /// `side` at `i` read out: `None` when the move is illegal, takes
    /// stones (the capture step's business), or leaves a chain of `side`'s
    /// the opponent could take; else its gain over `base` (`side`'s count
    /// on `board`) and whether it threatens.
    fn read_move(&self, board: &Board, side: Color, i: usize, base: i32) -> Option<Candidate> {
        if (self.class_at)(i) == PointClass::SharedLiberty
            && !spare_shared_liberty(board, side, i, &self.dead)
        {
            return None;
        }
        let mut b = board.clone();
        let r = b.play(side, i);
        if r.suicided > 0 || r.captured > 0 {
            return None;
        }
        // The new stone's chain (any own chain next to it joined it) must
        // stand: a capture counts even when it is taken back.
        if let Some(m) = Tactics::any_capture(TACTICS_BUDGET).attack(&b, i, None) {
            if self.capture_counts(&b, side.opponent(), i, m) {
                return None;
            }
        }
        let mut t = Tactics::new(TACTICS_BUDGET);
        let gain = self.count(&b, side) - base;
        let threat = Board::neighbours(i).iter().any(|&n| {
            b.cell(n) == Cell::of(side.opponent())
                && !self.dead[n]
                && !self.seki[n]
                && b.liberties_at_most::<2>(n).is_some()
                && t.attack(&b, n, None)
                    .is_some_and(|m| self.capture_counts(&b, side, n, m))
                && t.attack(board, n, None).is_none()
        });
        Some(Candidate {
            point: i,
            gain,
            threat,
        })
    }

    /// `side`'s territory less the opponent's on `board`: regions of empty
    /// points and dead stones bordered by one colour's live stones only.
    /// Seki eyes and shared liberties count for nobody.
    fn count(&self, board: &Board, side: Color) -> i32 {
        let cells = self.points.last().map_or(0, |i| i + 1) + 1;
        let mut seen = vec![false; cells];
        let open = |i: usize| {
            board.cell(i) == Cell::Empty || (self.dead[i] && board.cell(i).color().is_some())
        };
        let mut total = 0i32;
        let mut stack = Vec::new();
        for &start in self.points {
            if seen[start] || !open(start) {
                continue;
            }
            let (mut size, mut borders) = (0i32, [false; 2]);
            seen[start] = true;
            stack.push(start);
            while let Some(p) = stack.pop() {
                if !matches!(
                    (self.class_at)(p),
                    PointClass::SekiEye(_) | PointClass::SharedLiberty
                ) {
                    size += 1;
                }
                for n in Board::neighbours(p) {
                    if n >= cells || board.cell(n) == Cell::Border {
                        continue;
                    }
                    if open(n) {
                        if !seen[n] {
                            seen[n] = true;
                            stack.push(n);
                        }
                    } else if let Some(c) = board.cell(n).color() {
                        borders[c.index()] = true;
                    }
                }
            }
            match borders {
                [true, false] => total += if side == Color::Black { size } else { -size },
                [false, true] => total += if side == Color::White { size } else { -size },
                _ => {}
            }
        }
        total
    }
}
