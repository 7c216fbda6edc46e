//! A family's margin over every reading the judge gives one position, and
//! what that says about a recorded result: consistent with it, open (only
//! a reading of chains the judge is unsure of reaches it), or
//! contradicted by some amount. No judging here: the readings are the
//! judgement's own and its `alternatives`.

use crate::families::{score, Family, KomiMode};
use crate::quantities::Quantities;
use lanke_sgf::Color;

/// A family's margin (Black minus White, in the family's unit) on one
/// position: the judgement's own, and the least and greatest over the
/// readings the position allows.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct MarginRange {
    /// The judgement's margin (what the reports print as the result).
    pub point: f64,
    /// The least and greatest over both move orders of the ending, the
    /// statuses as judged.
    pub sure: (f64, f64),
    /// The least and greatest over every reading: both orders, the
    /// chains the judge is unsure of read in either colour's favour, and
    /// a record stopped before the end with its neutral points given to
    /// either colour.
    pub open: (f64, f64),
}

/// What a position's readings say about a recorded margin.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum RecordCheck {
    /// Inside the sure range: a reading with the judged statuses gives it.
    Consistent,
    /// Outside the sure range but inside the open one: only a reading of
    /// chains the judge is unsure of gives it.
    Open,
    /// Outside every reading, by this much (in the family's unit) from the
    /// nearest end.
    Contradicted { by: f64 },
}

impl RecordCheck {
    /// The word the reports use: `consistent`, `open` or `contradicted`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            RecordCheck::Consistent => "consistent",
            RecordCheck::Open => "open",
            RecordCheck::Contradicted { .. } => "contradicted",
        }
    }
}

/// Margins this close are equal (halves and quarters are exact in f64;
/// this only absorbs the arithmetic of route and stone units).
const SAME: f64 = 1e-9;

impl MarginRange {
    /// Is the range a single value (every reading gives the same margin)?
    #[must_use]
    pub fn single(&self) -> bool {
        self.open.1 - self.open.0 < SAME
    }

    /// What the readings say about `recorded`.
    #[must_use]
    pub fn check(&self, recorded: f64) -> RecordCheck {
        if outside_by(self.sure, recorded).is_none() {
            RecordCheck::Consistent
        } else if let Some(by) = outside_by(self.open, recorded) {
            RecordCheck::Contradicted { by }
        } else {
            RecordCheck::Open
        }
    }
}

/// How far `margin` lies outside the range `(low, high)`; `None` inside it.
#[must_use]
pub fn outside_by((low, high): (f64, f64), margin: f64) -> Option<f64> {
    let by = (low - margin).max(margin - high);
    (by > SAME).then_some(by)
}

/// How sure a reading other than the judgement's own is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ReadingKind {
    /// The statuses as judged, the ending begun by the other side: the
    /// record does not say who filled first, so this bounds the sure range.
    OtherOrder,
    /// Chains the judge is unsure of read in one colour's favour: only
    /// the open range reaches it.
    Open,
    /// A record that stops plainly before the end, every neutral point it
    /// leaves counted for one colour: only the open range reaches it.
    Undecided,
}

/// The quantities of every reading of one judged position: the
/// judgement's own and its alternatives', read once for all families.
#[derive(Clone, Debug)]
pub struct Readings {
    /// The judgement's own quantities.
    pub point: Quantities,
    alternatives: Vec<(ReadingKind, Quantities)>,
}

impl Readings {
    /// The judgement's own quantities and its alternatives'.
    #[must_use]
    pub fn new(point: Quantities, alternatives: Vec<(ReadingKind, Quantities)>) -> Readings {
        Readings {
            point,
            alternatives,
        }
    }

    /// `family`'s margin when Black begins the ending and when White does
    /// (index 0 Black), the statuses as judged: the judgement's own
    /// reading gives the order it began with, the other order's reading
    /// the other (the same margin when that ending changes nothing). Both
    /// are the judgement's own margin when no reading says who began.
    #[must_use]
    pub fn by_first_to_fill(&self, family: &Family, komi: KomiMode) -> [f64; 2] {
        let point = score(family, &self.point, komi).margin;
        let Some(first) = self.point.ending_begun_by else {
            return [point; 2];
        };
        let other = self
            .alternatives
            .iter()
            .find(|(kind, q)| {
                *kind == ReadingKind::OtherOrder && q.ending_begun_by == Some(first.opponent())
            })
            .map_or(point, |(_, q)| score(family, q, komi).margin);
        match first {
            Color::Black => [point, other],
            Color::White => [other, point],
        }
    }

    /// `family`'s margin over every reading.
    #[must_use]
    pub fn range(&self, family: &Family, komi: KomiMode) -> MarginRange {
        let point = score(family, &self.point, komi).margin;
        let mut sure = (point, point);
        let mut open = (point, point);
        let widen = |r: &mut (f64, f64), m: f64| *r = (r.0.min(m), r.1.max(m));
        for (kind, q) in &self.alternatives {
            let m = score(family, q, komi).margin;
            if *kind == ReadingKind::OtherOrder {
                widen(&mut sure, m);
            }
            widen(&mut open, m);
        }
        MarginRange { point, sure, open }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn range(sure: (f64, f64), open: (f64, f64)) -> MarginRange {
        MarginRange {
            point: sure.0,
            sure,
            open,
        }
    }

    #[test]
    fn a_record_is_checked_against_the_sure_range_then_the_open_one() {
        let r = range((2.5, 3.5), (-10.5, 3.5));
        assert_eq!(r.check(3.5), RecordCheck::Consistent);
        assert_eq!(r.check(2.5), RecordCheck::Consistent);
        assert_eq!(r.check(-4.5), RecordCheck::Open);
        assert_eq!(r.check(6.5), RecordCheck::Contradicted { by: 3.0 });
        assert_eq!(r.check(-12.5), RecordCheck::Contradicted { by: 2.0 });
        assert!(!r.single());
        assert!(range((1.0, 1.0), (1.0, 1.0)).single());
    }

    /// The judgement's own reading gives the order it began with, the
    /// other order's reading the other; with no such reading, the same
    /// margin for both.
    #[test]
    fn each_move_order_has_its_margin() {
        let japanese = crate::families::family("japanese").unwrap();
        let reading = |territory: [u32; 2], by: Color| Quantities {
            territory,
            ending_begun_by: Some(by),
            ..Quantities::default()
        };
        let komi = KomiMode::Record(0.0);
        let point = reading([40, 38], Color::White);
        let other = (ReadingKind::OtherOrder, reading([40, 39], Color::Black));
        let readings = Readings::new(point.clone(), vec![other]);
        assert_eq!(readings.by_first_to_fill(japanese, komi), [1.0, 2.0]);
        let alone = Readings::new(point, Vec::new());
        assert_eq!(alone.by_first_to_fill(japanese, komi), [2.0, 2.0]);
    }
}
