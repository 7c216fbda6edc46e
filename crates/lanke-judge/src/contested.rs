//! The attacker's short chains beside an enclosure: a check of the
//! enclosure reading's "dead whoever moves first".
//!
//! The enclosure reading (`reading`) holds the attacker's stones around an
//! enclosure uncapturable, and lets the attacker fill every liberty of the
//! walls. But an attacker chain beside the walls that has no eye and few
//! liberties of its own cannot always afford to: the liberties it shares
//! with the walls are its own too, and once the defender has filled its
//! outside liberties (dame, to a player), filling a shared one is
//! self-atari. Both sides' stones then stand in seki — the shape of NHK
//! Cup 48 game 44, where White's eyeless top chain and Black's four stones
//! inside it share four liberties, and GNU Go and the record count a seki.
//!
//! Here the *contest* of an enclosure is the set of such chains: attacker
//! chains beside the walls that share a liberty with them, not proven
//! alive, with at most `MAX_CONTESTED_LIBERTIES` liberties, and the short
//! attacker chains that share a liberty with those (a move there joins
//! them). A chain that touches the walls but shares none of their
//! liberties is in no race with them — filling the walls' liberties never
//! fills its own — and taking it in would only grow the contest past what
//! the reading plays (Fujitsu Cup 22, J21: White's living top group
//! touches Black's sixteen stones, whose race is with White's chains
//! below them). The reading is then run again with the defender free to
//! fill the contested chains' liberties outside the enclosure and to take
//! one in atari, and the attacker free to take a defender stone beside a
//! contested chain left in atari (a filling stone, a throw-in, a dead
//! stone beside the race). Taking a contested chain of `CORE_STONES` or
//! more is life, unless the attacker takes the core back at once; and
//! losing the core while a contested chain can be taken back at once is a
//! trade, a seki's value. A chain that joins one outside the contest
//! reaches liberties nobody fills there: it is safe again. A contest
//! whose liberties touch a defender stone that is neither a wall nor safe
//! is not read (a dead stone, a weak group: fights the reading does not
//! play), unless the defender's move on that liberty is a self-atari: a
//! throw-in, whose stones the attacker takes (Kisei 35, R09: White's dead
//! stone between two liberties of Black's chain in the race).
//!
//! Only the geometry of the contest and the verdict's rule live here; the
//! search is `reading`'s.

use lanke_board::{Board, Cell};

use crate::reading::{read_contested, Enclosure, LocalStatus, CORE_STONES};
use crate::tactics::self_atari;

/// Attacker chains with more liberties than this are left safe.
pub(crate) const MAX_CONTESTED_LIBERTIES: usize = 8;
/// The most chains one contest holds.
const MAX_CONTESTED_CHAINS: usize = 3;
/// The most liberties (outside the enclosure) the reading may play on for
/// the contest: each is a move at every node.
const MAX_CONTESTED_POINTS: usize = 8;

/// The attacker's short chains beside one enclosure.
pub(crate) struct Contest {
    /// One stone of each contested chain of `CORE_STONES` or more: taking
    /// one is life for the defender.
    anchors: Vec<usize>,
    /// Every stone of the contested chains, sorted.
    pub stones: Vec<usize>,
    /// Their liberties outside the enclosure's region and the walls'
    /// outside liberties, sorted: the points the reading adds.
    pub liberties: Vec<usize>,
    /// The attacker's colour and the defender's.
    attacker: Cell,
    defender: Cell,
}

impl Contest {
    /// The contest around `enc` on `board`: none when no attacker chain
    /// beside its walls is short of liberties, or when the short ones
    /// reach too far to read, or lie beside defender stones that are neither
    /// walls nor `safe_defender`. `pass_alive` vouches for attacker stones.
    pub(crate) fn around(
        board: &Board,
        enc: &Enclosure,
        pass_alive: impl Fn(usize) -> bool,
        safe_defender: impl Fn(usize) -> bool,
    ) -> Option<Contest> {
        let attacker = Cell::of(enc.defender.opponent());
        let defender = Cell::of(enc.defender);
        let inside = |p: usize| {
            enc.region.binary_search(&p).is_ok() || enc.outside.binary_search(&p).is_ok()
        };
        let mut anchors: Vec<usize> = Vec::new();
        let mut chain_count = 0;
        let mut stones: Vec<usize> = Vec::new();
        let mut liberties: Vec<usize> = Vec::new();
        // Only a chain that shares a liberty with the walls is in their
        // race (see the module doc).
        let shares_with_walls = |stone: usize| {
            board
                .liberties_at_most::<MAX_CONTESTED_LIBERTIES>(stone)
                .is_some_and(|(libs, n)| {
                    libs[..n]
                        .iter()
                        .any(|l| enc.outside.binary_search(l).is_ok())
                })
        };
        let mut queue: Vec<usize> = enc
            .attackers_beside(board, &enc.walls, &pass_alive)
            .iter()
            .filter(|b| b.liberties <= MAX_CONTESTED_LIBERTIES && shares_with_walls(b.stone))
            .map(|b| b.stone)
            .collect();
        while let Some(s) = queue.pop() {
            if stones.contains(&s) {
                continue;
            }
            let libs = board.liberties_at_most::<MAX_CONTESTED_LIBERTIES>(s)?;
            let chain = board.chain(s).0;
            if chain_count == MAX_CONTESTED_CHAINS {
                return None;
            }
            chain_count += 1;
            // Taking a chain of a stone or two opens no wall (as losing
            // one is not losing the group, see `reading`'s core).
            if chain.len() >= CORE_STONES {
                anchors.push(s);
            }
            stones.extend(chain);
            for &l in &libs.0[..libs.1] {
                if inside(l) || liberties.contains(&l) {
                    continue;
                }
                // Beside a defender stone that is neither a wall nor safe
                // (a dead stone, a weak group) the liberty opens fights
                // the reading does not play, unless the defender's move
                // there is a self-atari: a throw-in the attacker takes.
                let weak = Board::neighbours(l).iter().any(|&n| {
                    board.cell(n) == defender
                        && enc.walls.binary_search(&n).is_err()
                        && !safe_defender(n)
                }) && !self_atari(board, enc.defender, l);
                if weak {
                    return None;
                }
                liberties.push(l);
                // A short chain across this liberty is joined by a move
                // here: it is part of the contest.
                for n in Board::neighbours(l) {
                    if board.cell(n) == attacker && !pass_alive(n) && !stones.contains(&n) {
                        queue.push(n);
                    }
                }
            }
        }
        if anchors.is_empty() || liberties.len() > MAX_CONTESTED_POINTS {
            return None;
        }
        stones.sort_unstable();
        liberties.sort_unstable();
        Some(Contest {
            anchors,
            stones,
            liberties,
            attacker,
            defender,
        })
    }

    /// Has a contested chain been captured on `board`?
    pub(crate) fn captured(&self, board: &Board) -> bool {
        self.anchors.iter().any(|&a| board.cell(a) != self.attacker)
    }

    /// A liberty at which the defender captures a contested chain standing
    /// in atari on `board` (not the ko point `ko`), if any.
    pub(crate) fn in_atari(&self, board: &Board, ko: Option<usize>) -> Option<usize> {
        self.anchors
            .iter()
            .find_map(|&a| last_liberty(board, a, self.attacker, ko))
    }

    /// The last liberties of the defender chains beside a contested chain
    /// that stand in atari on `board` (not the ko point `ko`): the
    /// attacker takes them there, as the defender takes a contested chain
    /// in atari — a filling stone, a throw-in, a dead stone beside the
    /// race.
    pub(crate) fn beside_in_atari(&self, board: &Board, ko: Option<usize>) -> Vec<usize> {
        let mut out: Vec<usize> = Vec::new();
        for &s in &self.stones {
            if board.cell(s) != self.attacker {
                continue;
            }
            for n in Board::neighbours(s) {
                if let Some(l) = last_liberty(board, n, self.defender, ko) {
                    if !out.contains(&l) {
                        out.push(l);
                    }
                }
            }
        }
        out
    }
}

/// The one liberty of the chain of colour `color` standing at `at` on
/// `board`, when it has only that one and it is not the ko point `ko`.
pub(crate) fn last_liberty(
    board: &Board,
    at: usize,
    color: Cell,
    ko: Option<usize>,
) -> Option<usize> {
    if board.cell(at) != color {
        return None;
    }
    let (l, n) = board.liberties_at_most::<1>(at)?;
    (n == 1 && Some(l[0]) != ko).then_some(l[0])
}

/// What the contest makes of an enclosure read dead whoever moves first.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Contested {
    /// Read again with the contest, the defender is still dead moving
    /// first (or the reading runs out): the verdict stands.
    Stands,
    /// The defender moving first reaches a seki, and moving second no
    /// more than that: both sides' stones are in seki (a finished
    /// position's defender fills the dame that keeps it, as the owner of
    /// a group that lives moving first answers the attack).
    Seki,
    /// The defender moving first captures a contested chain or lives: the
    /// reading cannot say, the verdict is dropped.
    Dropped,
}

/// The contest's verdict on `enc` (read dead whoever moves first).
pub(crate) fn contested_verdict(board: &Board, enc: &Enclosure, contest: &Contest) -> Contested {
    let defender = enc.defender;
    match read_contested(board, enc, contest, defender) {
        None | Some(LocalStatus::Dead) => Contested::Stands,
        Some(LocalStatus::Alive) => Contested::Dropped,
        Some(LocalStatus::Seki) => match read_contested(board, enc, contest, defender.opponent()) {
            Some(LocalStatus::Alive) | None => Contested::Dropped,
            Some(_) => Contested::Seki,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lanke_sgf::{Color, Point};

    use crate::board_from_top_rows as board_top;
    use crate::reading::{enclosures, read};

    /// The board of `rows` and Black's enclosure around the eye at d0
    /// (`ca` and `db`–`eb`–`ea` in SGF: Black's lone stone and three
    /// stones inside White's eyeless chain).
    fn shut_in(rows: &[&str]) -> (Board, Enclosure) {
        let b = board_top(9, rows);
        let eye = Board::idx(Point::new(3, 0));
        let enc = enclosures(&b, Color::Black)
            .into_iter()
            .find(|e| e.region == vec![eye])
            .expect("Black's enclosure around d0");
        (b, enc)
    }

    /// White's eyeless chain shares b0, f0 and f1 with Black's stones
    /// inside it (the lone c0 and d1–e1–e0, around the eye d0) and has one
    /// liberty of its own, a2, a dame against Black's live wall. Held
    /// safe, it takes Black's stones whoever moves first: b0 ataris c0,
    /// Black connects at d0 with two liberties left against White's
    /// three. Read as capturable: moving first Black fills a2, and after
    /// b0 and d0 both sides have f0 and f1 only, a seki; moving second,
    /// dead. Both sides' stones are in seki (GNU Go's final status too).
    /// With a second liberty of White's own (h0) Black is a move short even
    /// moving first — after a2 and b0, d0 leaves two liberties against
    /// three, and h0 lets White take c0 at d0, a ko Black cannot retake,
    /// with c0 a liberty more — and the verdict stands.
    #[test]
    fn an_eyeless_chain_short_of_liberties_keeps_the_stones_it_shuts_in_in_seki() {
        let rows = [
            "O.X.X.OX.", //
            "OOOXX.OX.", //
            ".OOOOOOX.", //
            "XXXXXXXX.", //
        ];
        let (b, enc) = shut_in(&rows);
        assert_eq!(read(&b, &enc, Color::Black), Some(LocalStatus::Dead));
        assert_eq!(read(&b, &enc, Color::White), Some(LocalStatus::Dead));
        let contest = Contest::around(&b, &enc, |_| false, |_| true).expect("a contest");
        assert_eq!(contest.stones.len(), 12);
        assert_eq!(contest.liberties, vec![Board::idx(Point::new(0, 2))]);
        assert_eq!(
            read_contested(&b, &enc, &contest, Color::Black),
            Some(LocalStatus::Seki)
        );
        assert_eq!(
            read_contested(&b, &enc, &contest, Color::White),
            Some(LocalStatus::Dead)
        );
        assert_eq!(contested_verdict(&b, &enc, &contest), Contested::Seki);
        // Beside a defender stone that is not safe the contest is not read.
        assert!(Contest::around(&b, &enc, |_| false, |_| false).is_none());

        let mut rows = rows;
        rows[0] = "O.X.X.O.X";
        rows[1] = "OOOXX.OXX";
        let (b, enc) = shut_in(&rows);
        let contest = Contest::around(&b, &enc, |_| false, |_| true).expect("a contest");
        assert_eq!(contest.liberties.len(), 2);
        assert_eq!(contested_verdict(&b, &enc, &contest), Contested::Stands);
    }
}
