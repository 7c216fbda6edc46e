//! Monte-Carlo ownership: seeded random playouts from a position, with a
//! policy that keeps what a final position holds (no filling of one's own
//! eyes, no self-atari of chains of two or more stones, so seki survive;
//! captures, ataris and cuts between two chains answered first).
//!
//! The playout board is separate from `lanke_board::Board` because it needs
//! incremental chains with pseudo-liberties to be fast; it is only ever
//! driven by the playout policy here. Deterministic for a given seed.

use lanke_board::{Board, Cell};

const STRIDE: usize = 27;
const CELLS: usize = STRIDE * STRIDE;
const NONE: u16 = u16::MAX;

/// A small xorshift generator: deterministic and fast.
#[derive(Clone)]
pub struct Rng(u64);

impl Rng {
    #[must_use]
    pub fn new(seed: u64) -> Rng {
        Rng(seed | 1)
    }

    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    pub fn below(&mut self, n: usize) -> usize {
        ((self.next_u64() >> 32) as usize * n) >> 32
    }
}

#[derive(Clone)]
struct PlayoutBoard {
    cells: [u8; CELLS],
    /// Chain root of each stone.
    head: [u16; CELLS],
    /// Next stone in the chain (circular list).
    next: [u16; CELLS],
    /// Pseudo-liberties of each chain root (a liberty counted once per
    /// adjacent stone), with the sum and the sum of squares of their
    /// indices: the chain is in atari exactly when all its pseudo-liberties
    /// are one point, i.e. when `libs * lib_sq == lib_sum²` (equality in
    /// Cauchy–Schwarz), which answers the playouts' commonest question in
    /// O(1) instead of walking the chain.
    libs: [u16; CELLS],
    lib_sum: [u32; CELLS],
    lib_sq: [u64; CELLS],
    size_of: [u16; CELLS],
    /// For each point, how many of its four neighbours hold each cell
    /// value: one nibble per value (empty, Black, White, border), kept up
    /// to date as stones come and go, so that the move filter's commonest
    /// questions (empty neighbours, own neighbours, an eye's shape) are
    /// one load instead of four.
    around: [u16; CELLS],
    /// The same counts over the four diagonal neighbours (the eye test's
    /// second look).
    around_diag: [u16; CELLS],
    empties: Vec<u16>,
    empty_pos: [u16; CELLS],
    ko: u16,
    /// Stones their owner has given up (the tactical reader's captives):
    /// the owner never extends their chain out of atari.
    given_up: [bool; CELLS],
}

const EMPTY: u8 = 0;
const BORDER: u8 = 3;

/// One in the nibble of cell value `v` (see `PlayoutBoard::around`).
fn nibble(v: u8) -> u16 {
    1 << (4 * v)
}

/// How many neighbours hold cell value `v`, from an `around` entry.
fn count(around: u16, v: u8) -> u16 {
    (around >> (4 * v)) & 15
}

fn nb(i: usize) -> [usize; 4] {
    [i - STRIDE, i - 1, i + 1, i + STRIDE]
}

fn diag(i: usize) -> [usize; 4] {
    [
        i - STRIDE - 1,
        i - STRIDE + 1,
        i + STRIDE - 1,
        i + STRIDE + 1,
    ]
}

impl PlayoutBoard {
    fn from_board(board: &Board, skip: &[bool]) -> PlayoutBoard {
        let mut b = PlayoutBoard {
            cells: [BORDER; CELLS],
            head: [NONE; CELLS],
            next: [NONE; CELLS],
            libs: [0; CELLS],
            lib_sum: [0; CELLS],
            lib_sq: [0; CELLS],
            size_of: [0; CELLS],
            around: [0; CELLS],
            around_diag: [0; CELLS],
            empties: Vec::with_capacity(400),
            empty_pos: [NONE; CELLS],
            ko: NONE,
            given_up: [false; CELLS],
        };
        for i in board.points() {
            b.cells[i] = EMPTY;
        }
        for i in board.points() {
            match board.cell(i) {
                Cell::Black | Cell::White => {
                    let c = board.cell(i) as u8;
                    b.cells[i] = c;
                    b.head[i] = i as u16;
                    b.next[i] = i as u16;
                    b.size_of[i] = 1;
                }
                _ => {
                    if !skip[i] {
                        b.empty_pos[i] = b.empties.len() as u16;
                        b.empties.push(i as u16);
                    }
                }
            }
        }
        for i in board.points() {
            b.around[i] = nb(i).iter().map(|&n| nibble(b.cells[n])).sum();
            b.around_diag[i] = diag(i).iter().map(|&n| nibble(b.cells[n])).sum();
        }
        // Merge chains and count pseudo-liberties.
        for i in board.points() {
            let c = b.cells[i];
            if c == 1 || c == 2 {
                for n in nb(i) {
                    if b.cells[n] == c && b.head[n] != b.head[i] {
                        b.merge(b.head[i] as usize, b.head[n] as usize);
                    }
                }
            }
        }
        for i in board.points() {
            if b.cells[i] == EMPTY {
                for n in nb(i) {
                    if b.cells[n] == 1 || b.cells[n] == 2 {
                        let h = b.head[n] as usize;
                        b.add_liberty(h, i);
                    }
                }
            }
        }
        b
    }

    fn merge(&mut self, a: usize, b: usize) {
        // Relabel the smaller chain into the larger.
        let (big, small) = if self.size_of[a] >= self.size_of[b] {
            (a, b)
        } else {
            (b, a)
        };
        let mut s = small;
        loop {
            self.head[s] = big as u16;
            s = self.next[s] as usize;
            if s == small {
                break;
            }
        }
        self.next.swap(big, small);
        self.size_of[big] += self.size_of[small];
        self.libs[big] += self.libs[small];
        self.lib_sum[big] += self.lib_sum[small];
        self.lib_sq[big] += self.lib_sq[small];
    }

    fn add_liberty(&mut self, h: usize, at: usize) {
        self.libs[h] += 1;
        self.lib_sum[h] += at as u32;
        self.lib_sq[h] += (at * at) as u64;
    }

    fn remove_liberty(&mut self, h: usize, at: usize) {
        self.libs[h] -= 1;
        self.lib_sum[h] -= at as u32;
        self.lib_sq[h] -= (at * at) as u64;
    }

    /// Is the chain with root `h` down to exactly one (real) liberty?
    fn in_atari(&self, h: usize) -> bool {
        let n = u64::from(self.libs[h]);
        let sum = u64::from(self.lib_sum[h]);
        n > 0 && n * self.lib_sq[h] == sum * sum
    }

    fn remove_empty(&mut self, i: usize) {
        let pos = self.empty_pos[i];
        if pos == NONE {
            return;
        }
        let last = *self.empties.last().expect("non-empty");
        self.empties[pos as usize] = last;
        self.empty_pos[last as usize] = pos;
        self.empties.pop();
        self.empty_pos[i] = NONE;
    }

    fn add_empty(&mut self, i: usize) {
        self.empty_pos[i] = self.empties.len() as u16;
        self.empties.push(i as u16);
    }

    fn is_own_eye(&self, i: usize, c: u8) -> bool {
        let a = self.around[i];
        if count(a, c) + count(a, BORDER) != 4 {
            return false;
        }
        let d = self.around_diag[i];
        let bad = count(d, 3 - c);
        if count(a, BORDER) + count(d, BORDER) > 0 {
            bad == 0
        } else {
            bad <= 1
        }
    }

    /// Would `c` at `i` extend one of its own given-up chains in atari?
    fn extends_given_up(&self, i: usize, c: u8) -> bool {
        nb(i).iter().any(|&m| {
            self.cells[m] == c && self.given_up[m] && self.in_atari(self.head[m] as usize)
        })
    }

    /// Would playing `c` at empty `i` be legal and acceptable to the policy?
    fn acceptable(&self, i: usize, c: u8) -> bool {
        if i as u16 == self.ko || self.is_own_eye(i, c) || self.extends_given_up(i, c) {
            return false;
        }
        // The commonest case first: two empty neighbours give the new
        // chain two liberties, and one with no own neighbour leaves a lone
        // stone with a liberty; either is acceptable whatever else holds.
        let near = nb(i);
        let a = self.around[i];
        let empty_count = count(a, EMPTY);
        if empty_count >= 2 || (empty_count == 1 && count(a, c) == 0) {
            return true;
        }
        // A capture is always acceptable.
        let opp = 3 - c;
        if near
            .iter()
            .any(|&m| self.cells[m] == opp && self.in_atari(self.head[m] as usize))
        {
            return true;
        }
        if count(a, c) == 0 {
            return false; // suicide
        }
        // Otherwise the stone must join own chains (alone it would have no
        // liberty here) and leave them two liberties or more: the chain it
        // would form has the new stone's empty neighbour (one at most
        // here) and each adjacent own chain's pseudo-liberties, less one
        // for each adjacency to `i`.
        let mut n = 0u64;
        let (mut sum, mut sq) = (0u64, 0u64);
        let mut joined = [NONE; 4];
        let mut chains = 0;
        for m in near {
            match self.cells[m] {
                EMPTY => {
                    n += 1;
                    sum += m as u64;
                    sq += (m * m) as u64;
                }
                x if x == c => {
                    let h = self.head[m];
                    if !joined[..chains].contains(&h) {
                        joined[chains] = h;
                        chains += 1;
                        let h = h as usize;
                        n += u64::from(self.libs[h]);
                        sum += u64::from(self.lib_sum[h]);
                        sq += self.lib_sq[h];
                    }
                    n -= 1;
                    sum -= i as u64;
                    sq -= (i * i) as u64;
                }
                _ => {}
            }
        }
        // Two distinct liberties or more; one is self-atari, none suicide.
        chains > 0 && n > 0 && n * sq != sum * sum
    }

    /// Plays `c` at `i`; returns the number of stones captured.
    fn play(&mut self, i: usize, c: u8) -> u32 {
        let opp = 3 - c;
        self.remove_empty(i);
        self.cells[i] = c;
        self.head[i] = i as u16;
        self.next[i] = i as u16;
        self.size_of[i] = 1;
        self.libs[i] = 0;
        self.lib_sum[i] = 0;
        self.lib_sq[i] = 0;
        let placed = nibble(c).wrapping_sub(nibble(EMPTY));
        for d in diag(i) {
            self.around_diag[d] = self.around_diag[d].wrapping_add(placed);
        }
        for n in nb(i) {
            self.around[n] = self.around[n].wrapping_add(placed);
            match self.cells[n] {
                EMPTY => self.add_liberty(i, n),
                1 | 2 => {
                    let h = self.head[n] as usize;
                    self.remove_liberty(h, i);
                }
                _ => {}
            }
        }
        let mut captured = 0u32;
        let mut captured_at = NONE;
        for n in nb(i) {
            if self.cells[n] == opp {
                let h = self.head[n] as usize;
                if self.libs[h] == 0 {
                    captured += u32::from(self.size_of[h]);
                    captured_at = h as u16;
                    self.remove_chain(h);
                }
            }
        }
        for n in nb(i) {
            if self.cells[n] == c && self.head[n] != self.head[i] {
                let (a, b) = (self.head[i] as usize, self.head[n] as usize);
                self.merge(a, b);
            }
        }
        self.ko = NONE;
        let h = self.head[i] as usize;
        if captured == 1 && self.size_of[h] == 1 && self.in_atari(h) {
            self.ko = captured_at;
        }
        captured
    }

    fn remove_chain(&mut self, h: usize) {
        let removed = nibble(self.cells[h]).wrapping_sub(nibble(EMPTY));
        let mut s = h;
        loop {
            let next = self.next[s] as usize;
            self.cells[s] = EMPTY;
            self.head[s] = NONE;
            self.given_up[s] = false;
            self.add_empty(s);
            for d in diag(s) {
                self.around_diag[d] = self.around_diag[d].wrapping_sub(removed);
            }
            for n in nb(s) {
                self.around[n] = self.around[n].wrapping_sub(removed);
                if self.cells[n] == 1 || self.cells[n] == 2 {
                    let hn = self.head[n] as usize;
                    self.add_liberty(hn, s);
                }
            }
            s = next;
            if s == h {
                break;
            }
        }
    }

    /// The one liberty of the chain with root `h`, if it is in atari.
    fn lone_liberty(&self, h: usize) -> Option<usize> {
        self.in_atari(h)
            .then(|| (self.lib_sum[h] / u32::from(self.libs[h])) as usize)
    }

    /// Where `c` captures the chain with root `h`, if it is in atari and the
    /// policy accepts the move.
    fn capture_of(&mut self, h: usize, c: u8) -> Option<usize> {
        self.lone_liberty(h).filter(|&l| self.acceptable(l, c))
    }

    /// A tactical answer to the move just played at `last`, for `c`:
    /// capture an opponent chain next to it that is in atari, or save an own
    /// chain it put in atari (by capturing a neighbour in atari or by
    /// extending to two liberties or more). Random play alone lets groups
    /// die or live by accident; these replies make the playouts read the
    /// simplest fights out.
    fn urgent_move(&mut self, last: usize, c: u8) -> Option<usize> {
        let opp = 3 - c;
        let around = self.around[last];
        // The stones of `opp` beside `last` are all of its chain: the
        // capture is tried when the move joined a chain (as a lone stone
        // it is left to the random moves).
        if count(around, opp) > 0 {
            if let Some(l) = self.capture_of(self.head[last] as usize, c) {
                return Some(l);
            }
        }
        if count(around, c) == 0 {
            return None;
        }
        for n in nb(last) {
            if self.cells[n] != c {
                continue;
            }
            let h = self.head[n] as usize;
            if !self.in_atari(h) {
                continue;
            }
            // Capture a neighbouring opponent chain in atari.
            let mut s = h;
            loop {
                for m in nb(s) {
                    if self.cells[m] == opp {
                        if let Some(l) = self.capture_of(self.head[m] as usize, c) {
                            return Some(l);
                        }
                    }
                }
                s = self.next[s] as usize;
                if s == h {
                    break;
                }
            }
            // Extend: `acceptable` refuses a chain of two or more left in atari.
            if let Some(l) = self.lone_liberty(h) {
                if self.acceptable(l, c) {
                    return Some(l);
                }
            }
        }
        self.miai_connection(last, c)
    }

    /// After the opponent played at `last`, next to two chains of `c`, an
    /// empty point next to both (beside `last` or beside one of the stones
    /// it touches): the other half of a connection that was miai. Random
    /// play leaves such cuts unanswered and lets connected groups die.
    fn miai_connection(&mut self, last: usize, c: u8) -> Option<usize> {
        if count(self.around[last], c) < 2 {
            return None;
        }
        let near = nb(last);
        let mut own = [NONE; 4];
        let mut k = 0;
        for n in near {
            if self.cells[n] == c && !own.contains(&self.head[n]) {
                own[k] = self.head[n];
                k += 1;
            }
        }
        if k < 2 {
            return None;
        }
        let mut candidates = [0usize; 20];
        candidates[..4].copy_from_slice(&near);
        let mut count = 4;
        for n in near {
            if self.cells[n] == c {
                candidates[count..count + 4].copy_from_slice(&nb(n));
                count += 4;
            }
        }
        for &e in &candidates[..count] {
            if self.cells[e] != EMPTY || e == last {
                continue;
            }
            let mut touching = 0;
            let mut seen = [NONE; 4];
            for m in nb(e) {
                if self.cells[m] == c {
                    let h = self.head[m];
                    if own[..k].contains(&h) && !seen.contains(&h) {
                        seen[touching] = h;
                        touching += 1;
                    }
                }
            }
            if touching >= 2 && self.acceptable(e, c) {
                return Some(e);
            }
        }
        None
    }

    /// Could `c`, which had no acceptable move at its last turn, have one
    /// after the opponent's quiet move at `p` (no capture, so no ko ban)?
    /// Only a point whose answer can have changed needs asking: one of the
    /// eight around `p` (its cells and eyes changed) or the lone liberty of
    /// the chain `p` joined (a capture). Elsewhere the move only took a
    /// liberty from a chain of `c`, which makes no point acceptable.
    fn may_have_new_move(&self, p: usize, c: u8) -> bool {
        if let Some(l) = self.lone_liberty(self.head[p] as usize) {
            if self.acceptable(l, c) {
                return true;
            }
        }
        nb(p)
            .into_iter()
            .chain(diag(p))
            .any(|x| self.cells[x] == EMPTY && self.acceptable(x, c))
    }

    /// The draws and swaps of a candidate scan that rejects every point,
    /// without asking `acceptable`: what a pass known in advance leaves
    /// behind, so that the playout goes on exactly as if it had scanned.
    fn reject_all(&mut self, rng: &mut Rng) {
        let mut tail = self.empties.len();
        while tail > 0 {
            let k = rng.below(tail);
            tail -= 1;
            self.reject(k, tail);
        }
    }

    /// Moves the rejected candidate at `k` out of the window ending at `tail`.
    fn reject(&mut self, k: usize, tail: usize) {
        self.empties.swap(k, tail);
        let (a, b) = (self.empties[k] as usize, self.empties[tail] as usize);
        self.empty_pos[a] = k as u16;
        self.empty_pos[b] = tail as u16;
    }

    /// Plays random acceptable moves until both sides pass, answering
    /// ataris and captures first (see `urgent_move`).
    ///
    /// A side that found no acceptable move and then saw a quiet reply
    /// usually still has none: `may_have_new_move` says so from the few
    /// points the reply can have changed, and the side passes without
    /// rescanning every candidate. The random draws are the same, so the
    /// playout is identical (measured: same ownership checksum).
    fn run(&mut self, to_move: u8, rng: &mut Rng, max_moves: usize) -> usize {
        self.run_with(to_move, rng, max_moves, true).0
    }

    /// `run`, with the known-pass shortcut on or off; also returns how
    /// many passes it made without a scan (for the test that the shortcut
    /// changes nothing).
    fn run_with(
        &mut self,
        mut to_move: u8,
        rng: &mut Rng,
        max_moves: usize,
        skip_known_passes: bool,
    ) -> (usize, u32) {
        let mut skipped = 0;
        let mut passes = 0;
        let mut moves = 0;
        let mut last: Option<usize> = None;
        // The colour (0: neither) whose last turn found no acceptable move,
        // under no ko ban, and the opponent's reply since then, if quiet.
        let mut stuck = 0u8;
        let mut quiet = false;
        while passes < 2 && moves < max_moves {
            if skip_known_passes && stuck == to_move {
                match last {
                    Some(p) if quiet && !self.may_have_new_move(p, to_move) => {
                        self.reject_all(rng);
                        skipped += 1;
                        last = None;
                        passes += 1;
                        moves += 1;
                        to_move = 3 - to_move;
                        continue;
                    }
                    _ => stuck = 0,
                }
            }
            if let Some(i) = last.and_then(|l| self.urgent_move(l, to_move)) {
                quiet = self.play(i, to_move) == 0;
                last = Some(i);
                passes = 0;
                moves += 1;
                to_move = 3 - to_move;
                continue;
            }
            let mut tail = self.empties.len();
            let mut played = false;
            while tail > 0 {
                let k = rng.below(tail);
                let i = self.empties[k] as usize;
                if self.acceptable(i, to_move) {
                    quiet = self.play(i, to_move) == 0;
                    last = Some(i);
                    played = true;
                    break;
                }
                tail -= 1;
                self.reject(k, tail);
            }
            if !played {
                last = None;
                if self.ko == NONE {
                    stuck = to_move;
                }
            }
            passes = if played { 0 } else { passes + 1 };
            moves += 1;
            to_move = 3 - to_move;
        }
        (moves, skipped)
    }
}

/// Per-point outcome counts over all playouts.
#[derive(Clone, Debug)]
pub struct Ownership {
    pub playouts: u32,
    /// Playouts in which the point ended Black's (stone or eye).
    pub black: Vec<u16>,
    /// Playouts in which the point ended White's.
    pub white: Vec<u16>,
    /// Playouts in which the point ended empty next to both colours.
    pub shared: Vec<u16>,
}

impl Ownership {
    /// Black's share minus White's, in -1..=1.
    #[must_use]
    pub fn balance(&self, i: usize) -> f32 {
        (f32::from(self.black[i]) - f32::from(self.white[i])) / self.playouts.max(1) as f32
    }

    /// Playouts in which each of `stones` ended Black's, and White's,
    /// summed over the stones and indexed by colour.
    pub(crate) fn ended(&self, stones: &[usize]) -> [f32; 2] {
        stones.iter().fold([0.0, 0.0], |[b, w], &s| {
            [b + f32::from(self.black[s]), w + f32::from(self.white[s])]
        })
    }
}

/// Runs `playouts` seeded playouts from `board` with `to_move` first.
/// Points with `frozen[i]` set are never played (settled areas).
#[must_use]
pub fn ownership(
    board: &Board,
    to_move: lanke_sgf::Color,
    playouts: u32,
    seed: u64,
    frozen: &[bool],
) -> Ownership {
    let given_up = vec![false; frozen.len()];
    let masks = Masks {
        frozen,
        given_up: &given_up,
    };
    ownership_until(board, to_move, playouts, playouts, seed, &masks, |_| false)
}

/// What the playouts leave alone, per grid cell.
pub(crate) struct Masks<'a> {
    /// Points never played (settled areas).
    pub frozen: &'a [bool],
    /// Stones whose chains their owner never extends out of atari (stones
    /// given up as lost).
    pub given_up: &'a [bool],
}

/// Like [`ownership`], but in batches of `batch` playouts (rounded up to
/// an even number, so both sides start equally often), stopping before
/// `max_playouts` once `settled` says the counts so far decide everything
/// the caller needs, and leaving alone what `masks` says. The playouts
/// are the same seeded sequence whatever the batch: a position that is
/// never settled early gets exactly the counts of
/// `ownership(.., max_playouts, ..)`.
#[must_use]
pub(crate) fn ownership_until(
    board: &Board,
    to_move: lanke_sgf::Color,
    max_playouts: u32,
    batch: u32,
    seed: u64,
    masks: &Masks,
    settled: impl Fn(&Ownership) -> bool,
) -> Ownership {
    let mut start = PlayoutBoard::from_board(board, masks.frozen);
    for i in board.points() {
        start.given_up[i] = masks.given_up[i] && board.cell(i) != Cell::Empty;
    }
    let mut own = Ownership {
        playouts: 0,
        black: vec![0; CELLS],
        white: vec![0; CELLS],
        shared: vec![0; CELLS],
    };
    let batch = (batch.max(2) + 1) & !1;
    let mut rng = Rng::new(seed ^ 0x5DEE_CE66_D1CE_4E5B);
    let first = Cell::of(to_move) as u8;
    let max_moves = 3 * usize::from(board.size()) * usize::from(board.size()) + 100;
    for k in 0..max_playouts {
        if k > 0 && k % batch == 0 && settled(&own) {
            break;
        }
        let mut b = start.clone();
        let side = if k % 2 == 0 { first } else { 3 - first };
        let _ = b.run(side, &mut rng, max_moves);
        own.playouts += 1;
        // A stone counts for its colour; an empty point for the colour
        // around it, or as shared when both are (no branches: the outcome
        // is as random as the playout).
        for i in board.points() {
            let cell = b.cells[i];
            let a = b.around[i];
            let empty = cell == EMPTY;
            let (by_b, by_w) = (empty && count(a, 1) > 0, empty && count(a, 2) > 0);
            own.black[i] += u16::from(cell == 1 || (by_b && !by_w));
            own.white[i] += u16::from(cell == 2 || (by_w && !by_b));
            own.shared[i] += u16::from(by_b && by_w);
        }
    }
    own
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{board_from_top_rows, finished_cwi_positions};

    /// The playout index of the point at column `x`, row `y`.
    fn at(x: usize, y: usize) -> usize {
        Board::idx(lanke_sgf::Point::new(x as u8, y as u8))
    }

    /// Black cuts at `cut`; White's answer to it.
    fn answer_to_cut(rows: &[&str], cut: (usize, usize)) -> Option<usize> {
        let board = board_from_top_rows(9, rows);
        let mut b = PlayoutBoard::from_board(&board, &vec![false; CELLS]);
        let cut = at(cut.0, cut.1);
        b.play(cut, 1);
        b.urgent_move(cut, 2)
    }

    /// Two white chains with two adjacent points between them: Black takes
    /// one, White the other.
    #[test]
    fn a_cut_between_two_chains_is_answered_at_the_other_point() {
        let rows = [".........", ".OO......", ".........", ".OO......"];
        assert_eq!(answer_to_cut(&rows, (1, 2)), Some(at(2, 2)));
        assert_eq!(answer_to_cut(&rows, (2, 2)), Some(at(1, 2)));
    }

    /// Two white stones diagonal to each other share two liberties: a cut
    /// at one is answered at the other.
    #[test]
    fn a_diagonal_connection_is_kept() {
        let rows = [".........", ".O.......", "..O......"];
        assert_eq!(answer_to_cut(&rows, (2, 1)), Some(at(1, 2)));
        assert_eq!(answer_to_cut(&rows, (1, 2)), Some(at(2, 1)));
    }

    /// The known-pass shortcut of `run` must leave every playout exactly as
    /// the full scans would: on the final positions of 300 finished CWI
    /// games, 16 playouts each, every final board is the same with and
    /// without it, and the shortcut is taken (1,896 times).
    #[test]
    fn known_passes_change_no_playout_on_real_positions() {
        let mut skipped = 0;
        for (k, board) in finished_cwi_positions(300).iter().enumerate() {
            let start = PlayoutBoard::from_board(board, &vec![false; CELLS]);
            let mut rng_with = Rng::new(k as u64);
            let mut rng_without = Rng::new(k as u64);
            for p in 0..16 {
                let (mut with, mut without) = (start.clone(), start.clone());
                let side = 1 + (p % 2) as u8;
                let (moves, n) = with.run_with(side, &mut rng_with, 1200, true);
                let (moves_without, none) = without.run_with(side, &mut rng_without, 1200, false);
                assert_eq!((moves, none), (moves_without, 0), "position {k}");
                assert!(with.cells == without.cells, "position {k}, playout {p}");
                assert_eq!(with.empties, without.empties, "position {k}");
                skipped += n;
            }
        }
        assert!(
            skipped > 1000,
            "the shortcut was taken only {skipped} times"
        );
    }

    /// The neighbour counts the move filter reads stay true to the board
    /// through whole playouts (captures included) on real positions.
    #[test]
    fn neighbour_counts_follow_the_playouts() {
        for (k, board) in finished_cwi_positions(100).iter().enumerate() {
            let start = PlayoutBoard::from_board(board, &vec![false; CELLS]);
            let mut rng = Rng::new(k as u64);
            for p in 0..4 {
                let mut b = start.clone();
                let _ = b.run(1 + (p % 2) as u8, &mut rng, 1200);
                for i in board.points() {
                    let fresh: u16 = nb(i).iter().map(|&n| nibble(b.cells[n])).sum();
                    assert_eq!(b.around[i], fresh, "position {k}, playout {p}, point {i}");
                    let fresh: u16 = diag(i).iter().map(|&n| nibble(b.cells[n])).sum();
                    assert_eq!(
                        b.around_diag[i], fresh,
                        "position {k}, playout {p}, point {i}"
                    );
                }
            }
        }
    }

    /// A move next to one white chain only needs no answer.
    #[test]
    fn a_move_beside_one_chain_is_not_a_cut() {
        let rows = [".........", ".OO......", ".........", "........."];
        assert_eq!(answer_to_cut(&rows, (1, 2)), None);
    }
}
