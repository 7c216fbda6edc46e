//! Game information (PB, PW, RE, KM, HA, ...) and its normalisation: komi in
//! the many forms archives write it, and handicap from `HA` and/or setup
//! stones, including the four 座子 stones of old Chinese games.
//!
//! Only interpretation of already-parsed text lives here; no parsing of SGF
//! structure and no scoring.

use crate::types::{Color, Point};

/// Raw game-information texts, unescaped. Absent properties are `None`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GameInfo {
    pub black: Option<String>,
    pub white: Option<String>,
    pub black_rank: Option<String>,
    pub white_rank: Option<String>,
    pub date: Option<String>,
    pub event: Option<String>,
    pub round: Option<String>,
    pub place: Option<String>,
    pub result: Option<String>,
    pub rules: Option<String>,
    pub game_name: Option<String>,
    /// `GC`: game comment (Text, line breaks kept).
    pub game_comment: Option<String>,
    /// `C` of the root node.
    pub root_comment: Option<String>,
    /// `PL` of the root: who is to move first in a set-up position.
    pub player_to_move: Option<Color>,
    pub komi: Komi,
    pub handicap: Handicap,
}

/// How the komi was written.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum KomiForm {
    /// No `KM` property (or an empty one): komi unknown.
    Missing,
    /// A plain number of points (`6.5`, `0`, `-5.5`, `0.50`).
    Points,
    /// An integer scaled by 100, as some servers write (`750` → 7.5).
    Hundredths,
    /// Stones, as Chinese sources state it (`3.75`, `3又3/4子` → 7.5 points).
    Stones,
    /// Present but unreadable; kept raw.
    Unreadable,
}

impl KomiForm {
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            KomiForm::Missing => "missing",
            KomiForm::Points => "points",
            KomiForm::Hundredths => "hundredths",
            KomiForm::Stones => "stones",
            KomiForm::Unreadable => "unreadable",
        }
    }
}

/// The komi: the raw text and its value in points.
#[derive(Debug, Clone, PartialEq)]
pub struct Komi {
    pub raw: Option<String>,
    /// Komi in points (目/点), if it could be read.
    pub points: Option<f64>,
    pub form: KomiForm,
}

impl Default for Komi {
    fn default() -> Self {
        Komi {
            raw: None,
            points: None,
            form: KomiForm::Missing,
        }
    }
}

impl Komi {
    /// Reads a `KM` value. `rules` (the `RU` text) lets a Chinese stone komi
    /// such as `3.75` be recognised.
    #[must_use]
    pub fn normalise(raw: Option<&str>, rules: Option<&str>) -> Komi {
        let Some(raw_text) = raw else {
            return Komi::default();
        };
        let t = raw_text.trim();
        if t.is_empty() {
            return Komi {
                raw: Some(raw_text.to_string()),
                ..Komi::default()
            };
        }
        let chinese_rules = rules.is_some_and(|r| {
            let r = r.to_ascii_lowercase();
            r.contains("chinese") || r.contains("中国")
        });
        let (points, form) = if t.contains('子') {
            match parse_mixed_fraction(t.trim_end_matches('子').trim_start_matches("黑贴").trim())
            {
                Some(stones) => (Some(stones * 2.0), KomiForm::Stones),
                None => (None, KomiForm::Unreadable),
            }
        } else if let Some(v) = parse_number(t.trim_end_matches(['目', '点', '點'])) {
            let integer_text = !t.contains(['.', ',']);
            if integer_text && v.abs() >= 50.0 && (v % 25.0) == 0.0 {
                (Some(v / 100.0), KomiForm::Hundredths)
            } else if chinese_rules && (v.fract().abs() == 0.75 || v.fract().abs() == 0.25) {
                (Some(v * 2.0), KomiForm::Stones)
            } else if v.abs() <= 200.0 {
                (Some(v), KomiForm::Points)
            } else {
                (None, KomiForm::Unreadable)
            }
        } else {
            (None, KomiForm::Unreadable)
        };
        Komi {
            raw: Some(raw_text.to_string()),
            points,
            form,
        }
    }
}

fn parse_number(t: &str) -> Option<f64> {
    let t = t.trim().replace(',', ".");
    let t = t.trim_end_matches('半');
    let half = t.len() != t.trim_end_matches('½').len();
    let t = t.trim_end_matches('½');
    let v: f64 = t.parse().ok()?;
    v.is_finite().then_some(if half { v + 0.5 } else { v })
}

/// `3又3/4`, `3 3/4`, `3.75`, `1/4`.
fn parse_mixed_fraction(t: &str) -> Option<f64> {
    let t = t.trim();
    if let Some((whole, frac)) = t.split_once(['又', ' ']) {
        return Some(whole.trim().parse::<f64>().ok()? + parse_mixed_fraction(frac)?);
    }
    if let Some((n, d)) = t.split_once('/') {
        let d: f64 = d.trim().parse().ok()?;
        return (d != 0.0).then_some(n.trim().parse::<f64>().ok()? / d);
    }
    parse_number(t)
}

/// Where the handicap count came from.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum HandicapSource {
    /// No handicap.
    None,
    /// The `HA` property alone.
    Property,
    /// Black setup stones in the root alone.
    SetupStones,
    /// `HA` and the setup stones agree.
    Both,
    /// `HA` and the setup stones disagree; the setup stones are used.
    Conflict,
}

impl HandicapSource {
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            HandicapSource::None => "none",
            HandicapSource::Property => "ha",
            HandicapSource::SetupStones => "setup",
            HandicapSource::Both => "ha+setup",
            HandicapSource::Conflict => "conflict",
        }
    }
}

/// The handicap of a game.
#[derive(Debug, Clone, PartialEq)]
pub struct Handicap {
    /// Handicap stones (0 for an even game).
    pub stones: u8,
    pub source: HandicapSource,
    /// `HA` text as written (may be text such as `关山先相先`).
    pub raw: Option<String>,
    /// The four pre-placed 座子 stones of old Chinese games (two per colour on
    /// the 4-4 points, diagonally): not a handicap.
    pub zuozi: bool,
}

impl Default for Handicap {
    fn default() -> Self {
        Handicap {
            stones: 0,
            source: HandicapSource::None,
            raw: None,
            zuozi: false,
        }
    }
}

impl Handicap {
    /// Decides the handicap from `HA` and the root's setup stones.
    #[must_use]
    pub fn normalise(
        raw: Option<&str>,
        size: u8,
        root_black: &[Point],
        root_white: &[Point],
    ) -> Handicap {
        let zuozi = is_zuozi(size, root_black, root_white);
        let ha: Option<u8> = raw.and_then(|t| t.trim().parse::<u8>().ok());
        let setup = if zuozi || !root_white.is_empty() || root_black.len() < 2 {
            None
        } else {
            u8::try_from(root_black.len()).ok()
        };
        let (stones, source) = match (ha, setup) {
            (Some(h), Some(s)) if h == s => (s, HandicapSource::Both),
            (Some(_), Some(s)) => (s, HandicapSource::Conflict),
            (Some(h), None) if h >= 2 && !zuozi => (h, HandicapSource::Property),
            (_, Some(s)) => (s, HandicapSource::SetupStones),
            _ => (0, HandicapSource::None),
        };
        Handicap {
            stones,
            source,
            raw: raw.map(str::to_string),
            zuozi,
        }
    }
}

/// Two black and two white stones on the four 4-4 points of a 19x19 board,
/// each colour on one diagonal.
fn is_zuozi(size: u8, black: &[Point], white: &[Point]) -> bool {
    if size != 19 || black.len() != 2 || white.len() != 2 {
        return false;
    }
    let stars = [
        Point::new(3, 3),
        Point::new(15, 15),
        Point::new(3, 15),
        Point::new(15, 3),
    ];
    let on_stars = |s: &[Point]| s.iter().all(|p| stars.contains(p));
    let diagonal = |s: &[Point]| s[0].x != s[1].x && s[0].y != s[1].y;
    on_stars(black) && on_stars(white) && diagonal(black) && diagonal(white)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn komi_forms() {
        let k = |raw: &str, ru: Option<&str>| {
            let k = Komi::normalise(Some(raw), ru);
            (k.points, k.form)
        };
        assert_eq!(k("6.5", None), (Some(6.5), KomiForm::Points));
        assert_eq!(k("750", None), (Some(7.5), KomiForm::Hundredths));
        assert_eq!(k("0.50", None), (Some(0.5), KomiForm::Points));
        assert_eq!(k("-5.5", None), (Some(-5.5), KomiForm::Points));
        assert_eq!(k("0", None), (Some(0.0), KomiForm::Points));
        assert_eq!(k("3.75", Some("Chinese")), (Some(7.5), KomiForm::Stones));
        assert_eq!(k("3又3/4子", None), (Some(7.5), KomiForm::Stones));
        assert_eq!(k("2.75", Some("Chinese")), (Some(5.5), KomiForm::Stones));
        assert_eq!(k("5,5", None), (Some(5.5), KomiForm::Points));
        assert_eq!(k("six", None), (None, KomiForm::Unreadable));
        assert_eq!(Komi::normalise(None, None).form, KomiForm::Missing);
    }

    #[test]
    fn handicap_from_property_and_stones() {
        let p = |s: &str| Point::from_sgf(s).unwrap();
        let h = Handicap::normalise(Some("2"), 19, &[p("pd"), p("dp")], &[]);
        assert_eq!((h.stones, h.source), (2, HandicapSource::Both));
        let h = Handicap::normalise(None, 19, &[p("pd"), p("dp"), p("pp")], &[]);
        assert_eq!((h.stones, h.source), (3, HandicapSource::SetupStones));
        let h = Handicap::normalise(Some("关山先相先"), 19, &[], &[]);
        assert_eq!((h.stones, h.source), (0, HandicapSource::None));
        assert_eq!(h.raw.as_deref(), Some("关山先相先"));
        let h = Handicap::normalise(None, 19, &[p("dd"), p("pp")], &[p("dp"), p("pd")]);
        assert!(h.zuozi);
        assert_eq!(h.stones, 0);
    }
}
