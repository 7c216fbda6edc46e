//! Reading results and annotations the way archives and sources write them:
//! `B+3.5`, `W+Resign`, `Jigo`, 黑胜一路, 白胜2又1/4子, 黒3目半勝ち, 백 3집반승,
//! Chinese numerals, and comment phrases such as 各一百二十二着, 黑杀白二十二子,
//! 黑有四十路 or GoGoD's "Territory - captured - group tax" lines.
//!
//! Pure text → data; nothing here scores.

use lanke_sgf::Color;

/// How a result was reached.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ResultBy {
    Count,
    Resignation,
    Time,
    Forfeit,
    /// A winner without a stated way (`B+`, 黑胜).
    Unstated,
}

/// The unit a stated margin is in.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MarginUnit {
    /// Points (`B+3.5`, 目, 点, 집).
    Points,
    /// Stones (子).
    Stones,
    /// Routes (路).
    Routes,
}

impl MarginUnit {
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            MarginUnit::Points => "points",
            MarginUnit::Stones => "stones",
            MarginUnit::Routes => "routes",
        }
    }
}

/// A result as recorded.
#[derive(Clone, Debug, PartialEq)]
pub enum Recorded {
    /// A win; `winner` is `None` where the text says how and by how much
    /// but not who (`3目半勝ち`, `불계승`).
    Win {
        winner: Option<Color>,
        by: ResultBy,
        margin: Option<f64>,
        unit: Option<MarginUnit>,
    },
    Draw,
    /// No result (`Void`, 无胜负, a cycle).
    Void,
    /// Unknown or unfinished (`?`, `X+`, `Unfinished`, 打ち掛け).
    Unknown,
}

impl Recorded {
    /// A short kind name for reports.
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            Recorded::Win {
                by: ResultBy::Count,
                ..
            } => "count",
            Recorded::Win {
                by: ResultBy::Resignation,
                ..
            } => "resignation",
            Recorded::Win {
                by: ResultBy::Time, ..
            } => "time",
            Recorded::Win {
                by: ResultBy::Forfeit,
                ..
            } => "forfeit",
            Recorded::Win {
                by: ResultBy::Unstated,
                ..
            } => "win",
            Recorded::Draw => "draw",
            Recorded::Void => "void",
            Recorded::Unknown => "unknown",
        }
    }

    /// Does the result say the game stopped before its end: a resignation,
    /// a loss on time or by forfeit, or an unknown result?
    #[must_use]
    pub fn stopped_early(&self) -> bool {
        matches!(
            self,
            Recorded::Win {
                by: ResultBy::Resignation | ResultBy::Time | ResultBy::Forfeit,
                ..
            } | Recorded::Unknown
        )
    }

    /// Signed margin (Black positive) when counted.
    #[must_use]
    pub fn signed_margin(&self) -> Option<f64> {
        match self {
            Recorded::Win {
                winner: Some(winner),
                margin: Some(m),
                ..
            } => Some(if *winner == Color::Black { *m } else { -*m }),
            Recorded::Draw => Some(0.0),
            _ => None,
        }
    }

    #[must_use]
    pub fn winner(&self) -> Option<Color> {
        match self {
            Recorded::Win { winner, .. } => *winner,
            _ => None,
        }
    }
}

/// Value of a Chinese numeral string (一百二十二 → 122, 两 → 2); also Arabic digits.
#[must_use]
pub fn chinese_number(t: &str) -> Option<u32> {
    let t = t.trim();
    if !t.is_empty() && t.chars().all(|c| c.is_ascii_digit()) {
        return t.parse().ok();
    }
    let digit = |c: char| -> Option<u32> {
        Some(match c {
            '〇' | '零' => 0,
            '一' | '壹' => 1,
            '二' | '两' | '兩' | '贰' => 2,
            '三' | '叁' => 3,
            '四' | '肆' => 4,
            '五' | '伍' => 5,
            '六' | '陆' | '陸' => 6,
            '七' | '柒' => 7,
            '八' | '捌' => 8,
            '九' | '玖' => 9,
            _ => return None,
        })
    };
    let (mut total, mut current) = (0u32, 0u32);
    let mut any = false;
    for c in t.chars() {
        any = true;
        match c {
            '十' | '拾' => {
                total += if current == 0 { 10 } else { current * 10 };
                current = 0;
            }
            '百' | '佰' => {
                total += current.max(1) * 100;
                current = 0;
            }
            '千' | '仟' => {
                total += current.max(1) * 1000;
                current = 0;
            }
            c => current = current * 10 + digit(c)?,
        }
    }
    any.then_some(total + current)
}

/// A number with optional fractions: `3.5`, `3目半`, `半`, `2又1/4`, `1/4`,
/// `四分之一`, `三又四分之三`, `十一`, `3집반`, `반`.
fn amount(t: &str) -> Option<f64> {
    let t = t.trim();
    if t.is_empty() {
        return None;
    }
    let (body, half) = match t.strip_suffix('半').or_else(|| t.strip_suffix('반')) {
        Some(b) => (b.trim(), 0.5),
        None => (t, 0.0),
    };
    if body.is_empty() {
        return Some(half);
    }
    if let Some((whole, frac)) = body.split_once('又') {
        return Some(amount(whole)? + amount(frac)? + half);
    }
    // 四分之一: "one of four parts", the denominator first.
    if let Some((d, n)) = body.split_once("分之") {
        let (d, n) = (amount(d)?, amount(n)?);
        return (d != 0.0).then(|| n / d + half);
    }
    if let Some((n, d)) = body.split_once('/') {
        let d: f64 = d.trim().parse().ok()?;
        return (d != 0.0).then(|| n.trim().parse::<f64>().ok().map(|n| n / d + half))?;
    }
    if let Ok(v) = body.parse::<f64>() {
        return Some(v + half);
    }
    chinese_number(body).map(|v| f64::from(v) + half)
}

fn unit_of(t: &str) -> Option<MarginUnit> {
    if t.contains('路') {
        Some(MarginUnit::Routes)
    } else if t.contains('子') {
        Some(MarginUnit::Stones)
    } else if t.contains('目') || t.contains('点') || t.contains('點') || t.contains('집') {
        Some(MarginUnit::Points)
    } else {
        None
    }
}

/// The unit of a margin the text names none for: a quarter exists only in
/// stone counting (a stone is split four ways by the handicap
/// compensation), anything else is read as points.
fn implied_unit(margin: f64) -> MarginUnit {
    if (margin * 4.0).fract() == 0.0 && (margin * 2.0).fract() != 0.0 {
        MarginUnit::Stones
    } else {
        MarginUnit::Points
    }
}

/// Unit words and verbs of winning, dropped before the number is read.
const RESULT_WORDS: [&str; 11] = [
    "胜", "勝ち", "勝", "승", "目", "路", "子", "点", "點", "집", "棋",
];

/// The colour a result phrase opens with, and the phrase after it:
/// 黑/黒/흑 or 白/백, optionally followed by 棋 or 方 (白棋19.5目胜).
fn winner_prefix(t: &str) -> Option<(Color, &str)> {
    let mut chars = t.chars();
    let color = match chars.next()? {
        '黑' | '黒' | '흑' => Color::Black,
        '白' | '백' => Color::White,
        _ => return None,
    };
    let rest = chars.as_str();
    let rest = rest
        .strip_prefix('棋')
        .or_else(|| rest.strip_prefix('方'))
        .unwrap_or(rest);
    Some((color, rest.trim()))
}

const COLOUR_CHARS: [char; 5] = ['黑', '黒', '白', '흑', '백'];

/// Drops what comes before the winner: a move-count prefix (`共231手
/// 黑胜5目`, `231手 白中盘胜`) and who moved first (`白先黑胜一路`).
fn without_move_count(t: &str) -> &str {
    let Some(at) = t.find(COLOUR_CHARS) else {
        return t;
    };
    let after = &t[at..];
    let mut chars = after.chars();
    if let (Some(_), Some('先')) = (chars.next(), chars.next()) {
        let rest = chars.as_str().trim_start();
        if rest.starts_with(COLOUR_CHARS) {
            return rest;
        }
    }
    let prefix = t[..at].trim();
    let counted = prefix
        .strip_prefix('共')
        .unwrap_or(prefix)
        .trim_end_matches(['手', '着', '著', '수'])
        .trim();
    if prefix.is_empty() || counted.len() == prefix.len() || chinese_number(counted).is_none() {
        return t;
    }
    t[at..].trim_start()
}

/// How an East Asian phrase says the game was won, and by how much.
fn cjk_win(body: &str) -> (ResultBy, Option<f64>, Option<MarginUnit>) {
    if ["中盘", "中盤", "中押", "불계"]
        .iter()
        .any(|w| body.contains(w))
    {
        return (ResultBy::Resignation, None, None);
    }
    if ["超时", "超時", "時間", "시간"]
        .iter()
        .any(|w| body.contains(w))
    {
        return (ResultBy::Time, None, None);
    }
    counted(body)
}

/// A margin with its unit words and verbs of winning around it (`7.5目`,
/// `19.5目胜`, `1/4`): counted, in the unit named or implied; a text with
/// no number is a win without a stated way.
fn counted(text: &str) -> (ResultBy, Option<f64>, Option<MarginUnit>) {
    let number = RESULT_WORDS
        .iter()
        .fold(text.to_string(), |acc, w| acc.replace(w, ""));
    match amount(&number) {
        Some(m) => (
            ResultBy::Count,
            Some(m),
            Some(unit_of(text).unwrap_or_else(|| implied_unit(m))),
        ),
        None => (ResultBy::Unstated, None, None),
    }
}

/// Parses a recorded result (the `RE` value or a phrase from a comment).
#[must_use]
pub fn parse_result(raw: &str) -> Recorded {
    let t = raw
        .trim()
        .trim_end_matches(['!', '！', '。', '.', ';', '；'])
        .trim();
    let lower = t.to_ascii_lowercase();
    match lower.as_str() {
        "" | "?" | "unknown" | "unfinished" | "left unfinished" | "game suspended"
        | "not played" | "打ち掛け" => return Recorded::Unknown,
        "0" | "draw" | "jigo" | "和棋" | "和" | "持碁" | "무승부" | "빅" => {
            return Recorded::Draw
        }
        "void" | "no result" | "无胜负" | "無勝負" | "both lost" => return Recorded::Void,
        _ => {}
    }
    if let Some(rest) = lower
        .strip_prefix("b+")
        .map(|r| (Color::Black, r))
        .or_else(|| lower.strip_prefix("w+").map(|r| (Color::White, r)))
    {
        let (winner, rest) = rest;
        let rest = rest.trim();
        let win = |by, margin, unit| Recorded::Win {
            winner: Some(winner),
            by,
            margin,
            unit,
        };
        return match rest {
            "" => win(ResultBy::Unstated, None, None),
            "r" | "resign" | "resignation" => win(ResultBy::Resignation, None, None),
            "t" | "time" => win(ResultBy::Time, None, None),
            "f" | "forfeit" | "bye" => win(ResultBy::Forfeit, None, None),
            // B+7.5目: a unit word after the number.
            other => {
                let (by, margin, unit) = counted(other.trim_end_matches('?'));
                win(by, margin, unit)
            }
        };
    }
    if lower.starts_with("x+") || lower.starts_with("y+") {
        return Recorded::Unknown;
    }
    let t = without_move_count(t);
    match winner_prefix(t) {
        Some((winner, body)) => {
            let (by, margin, unit) = cjk_win(body);
            Recorded::Win {
                winner: Some(winner),
                by,
                margin,
                unit,
            }
        }
        // 3目半勝ち, 불계승: how, and by how much, without whom.
        None if !t.contains(COLOUR_CHARS) && ["胜", "勝", "승"].iter().any(|w| t.contains(w)) => {
            let (by, margin, unit) = cjk_win(t);
            Recorded::Win {
                winner: None,
                by,
                margin,
                unit,
            }
        }
        None => Recorded::Unknown,
    }
}

/// A checkable figure stated in a comment or game comment.
#[derive(Clone, Debug, PartialEq)]
pub enum Annotation {
    /// 各N着: moves each.
    MovesEach(u32),
    /// 共N着: moves in all.
    MovesTotal(u32),
    /// X杀Y N子: stones a colour killed.
    Killed { by: Color, stones: u32 },
    /// X有N路: routes a colour has.
    Routes { of: Color, routes: u32 },
    /// X先: who moved first.
    First(Color),
    /// "Territory - captured - group tax: B: t-c-g=r": one colour's Tang/Song sum.
    RouteSum {
        of: Color,
        territory: u32,
        captured: u32,
        tax: u32,
        routes: i64,
    },
    /// 黑胜一路 and the like inside a comment.
    Result(Recorded),
}

fn color_char(c: char) -> Option<Color> {
    match c {
        '黑' | '黒' => Some(Color::Black),
        '白' => Some(Color::White),
        _ => None,
    }
}

const NUMERAL: &str = "0123456789〇零一二两兩三四五六七八九十百千";

/// Finds every checkable annotation in a text.
#[must_use]
pub fn annotations(text: &str) -> Vec<Annotation> {
    let mut out = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let number_at = |start: usize| -> (Option<u32>, usize) {
        let mut end = start;
        while end < chars.len() && NUMERAL.contains(chars[end]) {
            end += 1;
        }
        let s: String = chars[start..end].iter().collect();
        (chinese_number(&s), end)
    };
    // The colour the sentence is about: 黑杀白六子,有四十路 gives Black's
    // routes without naming Black again.
    let mut subject: Option<Color> = None;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '有' && (i == 0 || color_char(chars[i - 1]).is_none()) {
            let (n, end) = number_at(i + 1);
            if let (Some(n), Some('路'), Some(of)) = (n, chars.get(end), subject) {
                out.push(Annotation::Routes { of, routes: n });
                i = end;
                continue;
            }
        }
        if c == '各' || c == '共' {
            let (n, end) = number_at(i + 1);
            if let (Some(n), Some('着' | '著' | '手')) = (n, chars.get(end)) {
                out.push(if c == '各' {
                    Annotation::MovesEach(n)
                } else {
                    Annotation::MovesTotal(n)
                });
                i = end;
                continue;
            }
        }
        if let Some(color) = color_char(c) {
            if matches!(chars.get(i + 1), Some('杀' | '殺' | '有' | '胜' | '勝')) {
                subject = Some(color);
            }
            match chars.get(i + 1) {
                Some('杀' | '殺') if chars.get(i + 2).copied().and_then(color_char).is_some() => {
                    let (n, end) = number_at(i + 3);
                    if let (Some(n), Some('子')) = (n, chars.get(end)) {
                        out.push(Annotation::Killed {
                            by: color,
                            stones: n,
                        });
                        i = end;
                        continue;
                    }
                }
                Some('有') => {
                    let (n, end) = number_at(i + 2);
                    if let (Some(n), Some('路')) = (n, chars.get(end)) {
                        out.push(Annotation::Routes {
                            of: color,
                            routes: n,
                        });
                        i = end;
                        continue;
                    }
                }
                Some('先') => out.push(Annotation::First(color)),
                Some('胜' | '勝') => {
                    let (n, end) = number_at(i + 2);
                    if let (Some(_), Some('路' | '目' | '子' | '点')) = (n, chars.get(end)) {
                        // 白胜三子半: the half follows the unit.
                        let end = if chars.get(end + 1) == Some(&'半') {
                            end + 1
                        } else {
                            end
                        };
                        let phrase: String = chars[i..=end].iter().collect();
                        out.push(Annotation::Result(parse_result(&phrase)));
                        i = end;
                        continue;
                    }
                }
                _ => {}
            }
        }
        i += 1;
    }
    // GoGoD: "Territory - captured - group tax: B: 52-6-6=40, W: 51-6-6=39"
    if let Some(pos) = text.find("group tax:") {
        for part in text[pos + "group tax:".len()..].split(',').take(2) {
            let part = part.trim();
            let (who, sum) = match part.split_once(':') {
                Some((w, s)) => (w.trim(), s.trim()),
                None => continue,
            };
            let of = match who {
                "B" => Color::Black,
                "W" => Color::White,
                _ => continue,
            };
            let Some((terms, routes)) = sum.split_once('=') else {
                continue;
            };
            let nums: Vec<u32> = terms
                .split('-')
                .filter_map(|x| x.trim().parse().ok())
                .collect();
            let routes: Option<i64> = routes
                .trim()
                .trim_end_matches(|c: char| !c.is_ascii_digit())
                .parse()
                .ok();
            if let ([t, c, g], Some(r)) = (nums.as_slice(), routes) {
                out.push(Annotation::RouteSum {
                    of,
                    territory: *t,
                    captured: *c,
                    tax: *g,
                    routes: r,
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each text reads as the result beside it.
    fn reads(cases: &[(&str, Recorded)]) {
        for (text, expected) in cases {
            assert_eq!(&parse_result(text), expected, "{text}");
        }
    }

    fn win(c: Color, by: ResultBy, m: Option<f64>, u: Option<MarginUnit>) -> Recorded {
        Recorded::Win {
            winner: Some(c),
            by,
            margin: m,
            unit: u,
        }
    }

    #[test]
    fn western_forms() {
        use Color::*;
        use MarginUnit::*;
        use ResultBy::*;
        assert_eq!(parse_result("B+R"), win(Black, Resignation, None, None));
        reads(&[
            ("W+Resign", win(White, Resignation, None, None)),
            ("B+3.5", win(Black, Count, Some(3.5), Some(Points))),
        ]);
        assert_eq!(parse_result("W+T"), win(White, Time, None, None));
        assert_eq!(parse_result("B+F"), win(Black, Forfeit, None, None));
        assert_eq!(parse_result("W+"), win(White, Unstated, None, None));
        for draw in ["Jigo", "0", "Draw", "和棋", "持碁"] {
            assert_eq!(parse_result(draw), Recorded::Draw, "{draw}");
        }
        assert_eq!(parse_result("Void"), Recorded::Void);
        for unknown in ["?", "X+", "Unfinished", "打ち掛け", ""] {
            assert_eq!(parse_result(unknown), Recorded::Unknown, "{unknown}");
        }
    }

    #[test]
    fn chinese_japanese_korean_forms() {
        use Color::*;
        use MarginUnit::*;
        use ResultBy::*;
        reads(&[
            ("黑胜一路", win(Black, Count, Some(1.0), Some(Routes))),
            ("黑中盘胜", win(Black, Resignation, None, None)),
            ("白胜3目半", win(White, Count, Some(3.5), Some(Points))),
            ("黑胜11.5目", win(Black, Count, Some(11.5), Some(Points))),
            ("白胜2又1/4子", win(White, Count, Some(2.25), Some(Stones))),
            ("黑胜1/4子", win(Black, Count, Some(0.25), Some(Stones))),
            ("黑勝一路", win(Black, Count, Some(1.0), Some(Routes))),
            ("黒3目半勝ち", win(Black, Count, Some(3.5), Some(Points))),
            ("白中押し勝ち", win(White, Resignation, None, None)),
            ("흑 불계승", win(Black, Resignation, None, None)),
            ("백 3집반승", win(White, Count, Some(3.5), Some(Points))),
        ]);
    }

    #[test]
    fn halves_quarters_and_fractions_in_words() {
        use Color::*;
        use MarginUnit::*;
        use ResultBy::*;
        reads(&[
            ("黑胜半子", win(Black, Count, Some(0.5), Some(Stones))),
            (
                "白胜四分之一子",
                win(White, Count, Some(0.25), Some(Stones)),
            ),
            (
                "黑胜三又四分之三子",
                win(Black, Count, Some(3.75), Some(Stones)),
            ),
            ("白半目勝ち", win(White, Count, Some(0.5), Some(Points))),
            ("흑 반집승", win(Black, Count, Some(0.5), Some(Points))),
        ]);
        // A quarter exists only in stone counting.
        reads(&[
            ("白胜1/4", win(White, Count, Some(0.25), Some(Stones))),
            ("黑胜2又3/4", win(Black, Count, Some(2.75), Some(Stones))),
            ("黑胜2.5", win(Black, Count, Some(2.5), Some(Points))),
        ]);
    }

    #[test]
    fn decorated_results() {
        use Color::*;
        use MarginUnit::*;
        use ResultBy::*;
        reads(&[
            ("白棋19.5目胜!", win(White, Count, Some(19.5), Some(Points))),
            (
                "黑方胜3又1/4子。",
                win(Black, Count, Some(3.25), Some(Stones)),
            ),
            ("B+7.5目", win(Black, Count, Some(7.5), Some(Points))),
            ("W+2子", win(White, Count, Some(2.0), Some(Stones))),
            (
                "共231手 黑胜5目",
                win(Black, Count, Some(5.0), Some(Points)),
            ),
            ("231手 白中盘胜", win(White, Resignation, None, None)),
            (
                "共二百三十一着 白胜一路",
                win(White, Count, Some(1.0), Some(Routes)),
            ),
            ("白中押勝", win(White, Resignation, None, None)),
            ("白先黑胜一路", win(Black, Count, Some(1.0), Some(Routes))),
        ]);
        // A prefix that is not a move count is not dropped.
        assert_eq!(parse_result("第一局 黑胜5目"), Recorded::Unknown);
    }

    #[test]
    fn results_without_a_winner_keep_how_and_by_how_much() {
        use MarginUnit::*;
        use ResultBy::*;
        let unattributed = |by, margin, unit| Recorded::Win {
            winner: None,
            by,
            margin,
            unit,
        };
        assert_eq!(
            parse_result("3目半勝ち"),
            unattributed(Count, Some(3.5), Some(Points))
        );
        assert_eq!(
            parse_result("불계승"),
            unattributed(Resignation, None, None)
        );
        assert_eq!(
            parse_result("中押勝"),
            unattributed(Resignation, None, None)
        );
        let r = parse_result("3目半勝ち");
        assert_eq!(
            (r.winner(), r.signed_margin(), r.kind()),
            (None, None, "count")
        );
    }

    #[test]
    fn chinese_numerals() {
        assert_eq!(chinese_number("一百二十二"), Some(122));
        assert_eq!(chinese_number("二十二"), Some(22));
        assert_eq!(chinese_number("十八"), Some(18));
        assert_eq!(chinese_number("二百九十"), Some(290));
        assert_eq!(chinese_number("四十"), Some(40));
        assert_eq!(chinese_number("三百二十二"), Some(322));
        assert_eq!(chinese_number("一百六十一"), Some(161));
        assert_eq!(chinese_number("十"), Some(10));
    }

    #[test]
    fn annotation_phrases() {
        let a = annotations(
            "共二百九十着\n黑杀白二十二子,白杀黑九子。\n黑有18路,白有17路。\n白先黑胜一路。",
        );
        assert!(a.contains(&Annotation::MovesTotal(290)));
        assert!(a.contains(&Annotation::Killed {
            by: Color::Black,
            stones: 22
        }));
        assert!(a.contains(&Annotation::Killed {
            by: Color::White,
            stones: 9
        }));
        assert!(a.contains(&Annotation::Routes {
            of: Color::Black,
            routes: 18
        }));
        assert!(a.contains(&Annotation::Routes {
            of: Color::White,
            routes: 17
        }));
        assert!(a.contains(&Annotation::First(Color::White)));
        assert!(a.contains(&Annotation::Result(parse_result("黑胜一路"))));
        let b = annotations("阎景实白先;顾师言黑胜一路。各一百二十二着。黑杀白六子,有四十路");
        assert!(b.contains(&Annotation::MovesEach(122)));
        assert!(b.contains(&Annotation::Routes {
            of: Color::Black,
            routes: 40
        }));
        assert!(
            annotations("显系白胜三子半之讹").contains(&Annotation::Result(win(
                Color::White,
                ResultBy::Count,
                Some(3.5),
                Some(MarginUnit::Stones)
            )))
        );
        // 有 with no colour named before it in the text reads nothing.
        assert!(!annotations("有四十路")
            .iter()
            .any(|a| matches!(a, Annotation::Routes { .. })));
        let g = annotations("Territory - captured - group tax: B: 52-6-6=40, W: 51-6-6=39");
        assert_eq!(
            g,
            [
                Annotation::RouteSum {
                    of: Color::Black,
                    territory: 52,
                    captured: 6,
                    tax: 6,
                    routes: 40
                },
                Annotation::RouteSum {
                    of: Color::White,
                    territory: 51,
                    captured: 6,
                    tax: 6,
                    routes: 39
                },
            ]
        );
    }
}
