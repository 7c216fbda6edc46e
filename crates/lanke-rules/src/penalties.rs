//! Time penalties a record states at the move where they fell, the way
//! the Ing Cup records of the CWI archive write them: `C[Choi Cheolhan 2
//! Penalty and Lee Donghun +4.0.]` — the named player is given the points.
//! Under the Ing rules a penalty changes the count as komi does, and the
//! records that state an award so count their result with it; a check of
//! that result against the board must include it too. The same records'
//! game comments' `8 komi, -2 time penalty` (White given −2) is read as
//! well, but as a penalty the result may or may not include: most results
//! stated beside it are the board's count without it.
//!
//! Pure text → data; where the penalty is applied is the caller's.

use lanke_sgf::GameRecord;

use crate::KomiMode;

/// The points a record's move comments' penalty awards give White
/// (negative: given to Black), summed; `None` when it states none.
#[must_use]
pub fn record_time_penalty(record: &GameRecord) -> Option<f64> {
    let (black, white) = (record.info.black.as_deref()?, record.info.white.as_deref()?);
    let awards: Vec<f64> = record
        .comments
        .iter()
        .filter_map(|(_, text)| penalty_awards(text, black, white))
        .collect();
    (!awards.is_empty()).then(|| awards.iter().sum())
}

/// The points a comment's "A n Penalty and B +x" phrases give White (B is
/// one of the players, named as `PB` or `PW` name them); `None` when it
/// has no such phrase.
fn penalty_awards(text: &str, black: &str, white: &str) -> Option<f64> {
    let mut total = None;
    for phrase in text.split(" Penalty and ").skip(1) {
        let Some((name, rest)) = phrase.split_once(" +") else {
            continue;
        };
        let digits: String = rest
            .chars()
            .take_while(|c| c.is_ascii_digit() || *c == '.')
            .collect();
        let Ok(points) = digits.trim_end_matches('.').parse::<f64>() else {
            continue;
        };
        let sign = match name.trim() {
            n if n == white.trim() => 1.0,
            n if n == black.trim() => -1.0,
            _ => continue,
        };
        *total.get_or_insert(0.0) += sign * points;
    }
    total
}

/// The points a game comment's `… time penalty` phrases give White
/// (`+2 time penalty`, `-4 time penalty`, `+4-2 time penalty`, several
/// phrases summed); `None` when it states none with a sign.
#[must_use]
pub fn stated_time_penalty(comment: &str) -> Option<f64> {
    let mut total = None;
    let mut rest = comment;
    while let Some(at) = rest.find("time penalty") {
        // The signed terms just before the phrase.
        let before = rest[..at].trim_end();
        let start = before
            .char_indices()
            .rev()
            .find(|&(_, c)| !(c.is_ascii_digit() || c == '+' || c == '-' || c == '.'))
            .map_or(0, |(i, c)| i + c.len_utf8());
        if let Some(points) = signed_sum(&before[start..]) {
            *total.get_or_insert(0.0) += points;
        }
        rest = &rest[at + "time penalty".len()..];
    }
    total
}

/// The sum of a run of signed terms such as `+4-2`; each term needs its
/// sign (an unsigned number says nothing of who was penalised).
fn signed_sum(terms: &str) -> Option<f64> {
    let mut sum = None;
    let mut chars = terms.char_indices().peekable();
    while let Some((i, sign)) = chars.next() {
        let sign = match sign {
            '+' => 1.0,
            '-' => -1.0,
            _ => return None,
        };
        let mut end = terms.len();
        while let Some(&(j, c)) = chars.peek() {
            if c == '+' || c == '-' {
                end = j;
                break;
            }
            chars.next();
        }
        let value: f64 = terms[i + 1..end].parse().ok()?;
        *sum.get_or_insert(0.0) += sign * value;
    }
    sum
}

/// The record's komi with the record's stated time penalties added (a
/// note saying so), when the komi is the record's; the native komi of a
/// family is that family's rule, which a penalty in one game does not
/// change.
#[must_use]
pub fn komi_with_penalty(mode: KomiMode, penalty: Option<f64>) -> (KomiMode, Option<String>) {
    match (mode, penalty) {
        (KomiMode::Record(k), Some(p)) if p != 0.0 => (
            KomiMode::Record(k + p),
            Some(format!(
                "komi {k} {} {} for the stated time penalty",
                if p > 0.0 { "+" } else { "−" },
                p.abs()
            )),
        ),
        _ => (mode, None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_comment_gives_the_named_player_the_points() {
        // Ing Cup 8, P03: White (Choi Cheolhan) penalised twice, B+5 on
        // the board's B+1.
        let award = "Choi Cheolhan 2 Penalty and Lee Donghun +4.0.";
        assert_eq!(
            penalty_awards(award, "Lee Donghun", "Choi Cheolhan"),
            Some(-4.0)
        );
        // Ing Cup 10, game 20: both penalised, White given two on balance.
        let both =
            "Ichiriki Ryo 2 Penalty and Xie Ke +4.0, Xie Ke 1 Penalty and Ichiriki Ryo +2.0.";
        assert_eq!(penalty_awards(both, "Ichiriki Ryo", "Xie Ke"), Some(2.0));
        assert_eq!(penalty_awards(award, "Someone", "Else"), None);
    }

    #[test]
    fn the_game_comments_penalties_are_read_with_their_signs() {
        // Ing Cup 1 game A01 (2019): W+13 on the board's W+11.
        assert_eq!(stated_time_penalty("8 komi, +2 time penalty"), Some(2.0));
        assert_eq!(stated_time_penalty("8 komi, -4 time penalty"), Some(-4.0));
        assert_eq!(stated_time_penalty("8 komi, +4-2 time penalty"), Some(2.0));
        assert_eq!(
            stated_time_penalty("8 komi, +2 time penalty, -4 time penalty"),
            Some(-2.0)
        );
        assert_eq!(stated_time_penalty("贴8目，+2 time penalty"), Some(2.0));
        assert_eq!(stated_time_penalty("罚time penalty"), None);
        assert_eq!(stated_time_penalty("8 komi"), None);
        assert_eq!(stated_time_penalty("2 time penalty"), None);
    }

    #[test]
    fn only_the_records_komi_takes_the_penalty() {
        let (mode, note) = komi_with_penalty(KomiMode::Record(8.0), Some(-4.0));
        assert_eq!(mode, KomiMode::Record(4.0));
        assert_eq!(
            note.as_deref(),
            Some("komi 8 − 4 for the stated time penalty")
        );
        assert_eq!(
            komi_with_penalty(KomiMode::Native, Some(2.0)),
            (KomiMode::Native, None)
        );
        assert_eq!(
            komi_with_penalty(KomiMode::Record(8.0), None),
            (KomiMode::Record(8.0), None)
        );
    }
}
