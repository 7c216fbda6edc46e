//! A judged final position as an SVG board diagram a reader can cite:
//! coordinates and star points, live and dead stones (dead ones faded and
//! crossed), territory as small squares, seki eyes as rings and shared
//! liberties as rings with a bar, dame as dots; a legend of every mark;
//! the record's labels (`LB`) on their points; and a caption with the
//! game's id, players, date, event, recorded
//! result, the judged figures and each family's margin, wrapped to the
//! picture's width so nothing is clipped at any board size. Pure string
//! building: the caller writes the file.

use std::fmt::Write as _;

use lanke_board::Cell;
use lanke_judge::{Judgement, PointClass};
use lanke_sgf::{Color, Point};

use lanke_rescore::rows::{GameRow, Picture, ScoreRow};

const STEP: f64 = 24.0;
/// The board's wood, behind the grid and behind a label on an empty point.
const WOOD: &str = "#dcb35c";
/// Room around the grid for the coordinates.
const MARGIN: f64 = 34.0;
/// The narrowest picture: a 7x7 board still gets a readable caption.
const MIN_WIDTH: f64 = 440.0;
const FONT: f64 = 11.0;
const LINE: f64 = 15.0;
/// Average advance of one character of the caption font (for wrapping).
const CHAR_WIDTH: f64 = 6.2;
/// Column letters, `I` left out as go diagrams do.
const COLUMNS: &str = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// A file name for a game id: characters other than letters, digits, `-`
/// and `.` become `_`.
#[must_use]
pub(crate) fn file_name(game_id: &str) -> String {
    let mut s: String = game_id
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '.' {
                c
            } else {
                '_'
            }
        })
        .collect();
    s.push_str(".svg");
    s
}

fn escape(t: &str) -> String {
    t.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The lines a side of `n` points has its star points on (none below 7).
fn star_lines(n: u8) -> Vec<u8> {
    let edge = match n {
        0..=6 => return Vec::new(),
        7..=11 => 2,
        _ => 3,
    };
    let mut lines = vec![edge, n - 1 - edge];
    if n % 2 == 1 && n >= 13 {
        lines.push(n / 2);
    }
    lines
}

/// The star points of a square board of side `n` (none below 7).
#[cfg(test)]
fn star_points(n: u8) -> Vec<(u8, u8)> {
    star_points_of(n, n)
}

/// The star points of a board `w` points across and `h` down: where the
/// star lines of both sides cross, and the centre of a small board whose
/// sides are both odd.
fn star_points_of(w: u8, h: u8) -> Vec<(u8, u8)> {
    let (across, down) = (star_lines(w), star_lines(h));
    let mut out = Vec::new();
    for &x in &across {
        for &y in &down {
            out.push((x, y));
        }
    }
    let centre = (w / 2, h / 2);
    if w % 2 == 1 && h % 2 == 1 && !across.is_empty() && !down.is_empty() && !out.contains(&centre)
    {
        out.push(centre);
    }
    out
}

/// The caption's lines before wrapping.
fn caption(id: &str, game: &GameRow, scores: &[ScoreRow], j: &Judgement) -> Vec<String> {
    let or_unknown = |s: &str| if s.is_empty() { "?" } else { s }.to_string();
    let mut lines = vec![id.to_string()];
    let player = |name: &str, rank: &str| {
        if rank.is_empty() {
            or_unknown(name)
        } else {
            format!("{} {rank}", or_unknown(name))
        }
    };
    lines.push(format!(
        "Black {} – White {}",
        player(&game.black, &game.black_rank),
        player(&game.white, &game.white_rank)
    ));
    let mut about = Vec::new();
    if !game.date.is_empty() {
        about.push(game.date.clone());
    }
    if !game.event.is_empty() {
        about.push(game.event.clone());
    }
    about.push(format!("recorded result {}", or_unknown(&game.result_raw)));
    lines.push(about.join("; "));
    lines.push(format!(
        "judged ({}, confidence {:.2}): dead B {} W {}; groups B {} W {}; dame {}",
        j.source,
        j.confidence,
        j.dead[0].len(),
        j.dead[1].len(),
        j.groups[0].len(),
        j.groups[1].len(),
        j.before_fill.dame
    ));
    if !scores.is_empty() {
        let margins: Vec<String> = scores
            .iter()
            .map(|s| format!("{} {}{}", s.family, signed(s.margin), unit_mark(&s.unit)))
            .collect();
        lines.push(format!("margins (B−W): {}", margins.join(", ")));
    }
    lines
}

fn signed(x: f64) -> String {
    if x > 0.0 {
        format!("+{x}")
    } else {
        format!("{x}")
    }
}

fn unit_mark(unit: &str) -> &'static str {
    match unit {
        "stones" => " st",
        "routes" => " rt",
        _ => "",
    }
}

/// Breaks `text` at spaces into lines of at most `width` characters (a
/// longer word stands alone).
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            out.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    out.push(line);
    out
}

/// Renders the diagram of game `id` (its row and scores give the caption).
#[must_use]
pub(crate) fn render(picture: &Picture, id: &str, game: &GameRow, scores: &[ScoreRow]) -> String {
    let (board, j) = (&picture.board, &picture.judgement);
    let (cols, rows) = (board.width(), board.height());
    let grid_w = STEP * f64::from(cols - 1);
    let grid_h = STEP * f64::from(rows - 1);
    let width = (MARGIN * 2.0 + grid_w).max(MIN_WIDTH);
    // The board is centred when the caption makes the picture wider.
    let left = (width - grid_w) / 2.0;
    let top = MARGIN;
    let xy = |x: u8, y: u8| (left + STEP * f64::from(x), top + STEP * f64::from(y));
    let per_line = ((width - 20.0) / CHAR_WIDTH) as usize;
    let text: Vec<String> = caption(id, game, scores, j)
        .iter()
        .flat_map(|l| wrap(l, per_line))
        .collect();
    let legend_y = top + grid_h + MARGIN + 8.0;
    let caption_y = legend_y + LEGEND_ROW * LEGEND.len() as f64 + 4.0;
    let height = caption_y + LINE * text.len() as f64;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\" font-size=\"{FONT}\">\n<title>{}</title>\n<rect width=\"100%\" height=\"100%\" fill=\"{WOOD}\"/>",
        escape(id)
    );
    // Columns lettered, rows numbered from the bottom, on all sides.
    for k in 0..cols {
        let (a, _) = xy(k, 0);
        let letter = COLUMNS.chars().nth(usize::from(k)).unwrap_or('?');
        let _ = writeln!(
            s,
            "<line x1=\"{a}\" y1=\"{top}\" x2=\"{a}\" y2=\"{}\" stroke=\"#000\" stroke-width=\"0.8\"/>\n<text x=\"{a}\" y=\"{}\" text-anchor=\"middle\">{letter}</text>\n<text x=\"{a}\" y=\"{}\" text-anchor=\"middle\">{letter}</text>",
            top + grid_h,
            top - 16.0,
            top + grid_h + 24.0,
        );
    }
    for k in 0..rows {
        let (_, b) = xy(0, k);
        let row = rows - k;
        let _ = writeln!(
            s,
            "<line x1=\"{left}\" y1=\"{b}\" x2=\"{}\" y2=\"{b}\" stroke=\"#000\" stroke-width=\"0.8\"/>\n<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{row}</text>\n<text x=\"{}\" y=\"{}\">{row}</text>",
            left + grid_w,
            left - 16.0,
            b + 4.0,
            left + grid_w + 16.0,
            b + 4.0
        );
    }
    for (x, y) in star_points_of(cols, rows) {
        let (cx, cy) = xy(x, y);
        let _ = writeln!(s, "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"3\" fill=\"#000\"/>");
    }
    for y in 0..rows {
        for x in 0..cols {
            let p = Point::new(x, y);
            let (cx, cy) = xy(x, y);
            mark(&mut s, board.get(p), j.class(p), cx, cy);
        }
    }
    for (p, text) in &picture.labels {
        let (cx, cy) = xy(p.x, p.y);
        label(&mut s, board.get(*p), text, cx, cy);
    }
    legend(&mut s, legend_y);
    for (k, line) in text.iter().enumerate() {
        let _ = writeln!(
            s,
            "<text x=\"10\" y=\"{}\">{}</text>",
            caption_y + LINE * k as f64,
            escape(line)
        );
    }
    s.push_str("</svg>\n");
    s
}

fn fill(c: Color) -> &'static str {
    if c == Color::Black {
        "#000"
    } else {
        "#fff"
    }
}

/// Draws what a point holds at (`cx`, `cy`).
fn mark(s: &mut String, cell: Cell, class: PointClass, cx: f64, cy: f64) {
    let _ = match (cell, class) {
        (Cell::Black | Cell::White, PointClass::LiveStone(c)) => writeln!(
            s,
            "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"11\" fill=\"{}\" stroke=\"#000\"/>",
            fill(c)
        ),
        (Cell::Black | Cell::White, PointClass::DeadStone(c)) => writeln!(
            s,
            "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"11\" fill=\"{}\" stroke=\"#000\" opacity=\"0.45\"/>\n<path d=\"M{} {} L{} {} M{} {} L{} {}\" stroke=\"#c00\" stroke-width=\"2\"/>",
            fill(c),
            cx - 6.0,
            cy - 6.0,
            cx + 6.0,
            cy + 6.0,
            cx - 6.0,
            cy + 6.0,
            cx + 6.0,
            cy - 6.0
        ),
        (_, PointClass::Territory(c)) => writeln!(
            s,
            "<rect x=\"{}\" y=\"{}\" width=\"8\" height=\"8\" fill=\"{}\" stroke=\"#000\" stroke-width=\"0.5\"/>",
            cx - 4.0,
            cy - 4.0,
            fill(c)
        ),
        (_, PointClass::SekiEye(c)) => writeln!(
            s,
            "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"5\" fill=\"{}\" stroke=\"#06c\" stroke-width=\"2\"/>",
            fill(c)
        ),
        (_, PointClass::SharedLiberty) => writeln!(
            s,
            "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"5\" fill=\"none\" stroke=\"#06c\" stroke-width=\"2\"/>\n<line x1=\"{}\" y1=\"{cy}\" x2=\"{}\" y2=\"{cy}\" stroke=\"#06c\" stroke-width=\"2\"/>",
            cx - 5.0,
            cx + 5.0
        ),
        (_, PointClass::Dame) => writeln!(
            s,
            "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"2.5\" fill=\"#555\"/>"
        ),
        _ => Ok(()),
    };
}

/// Draws a record's label over what the point holds: on an empty point a
/// disc of the board's colour first hides the grid and the mark, so the
/// text reads as the source printed it; on a stone the text takes the
/// other colour.
fn label(s: &mut String, cell: Cell, text: &str, cx: f64, cy: f64) {
    let ink = match cell {
        Cell::Black => "#fff",
        Cell::White => "#000",
        _ => {
            let _ = writeln!(
                s,
                "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"8\" fill=\"{WOOD}\"/>"
            );
            "#000"
        }
    };
    let _ = writeln!(
        s,
        "<text x=\"{cx}\" y=\"{}\" text-anchor=\"middle\" font-size=\"13\" font-weight=\"bold\" fill=\"{ink}\">{}</text>",
        cy + 4.5,
        escape(text)
    );
}

/// Rows of the legend: samples naming every mark the diagram uses.
const LEGEND: [&[(Cell, PointClass, &str)]; 2] = [
    &[
        (Cell::Black, PointClass::DeadStone(Color::Black), "dead"),
        (
            Cell::Empty,
            PointClass::Territory(Color::Black),
            "B territory",
        ),
        (
            Cell::Empty,
            PointClass::Territory(Color::White),
            "W territory",
        ),
        (Cell::Empty, PointClass::Dame, "dame"),
    ],
    &[
        (Cell::Empty, PointClass::SekiEye(Color::Black), "B seki eye"),
        (Cell::Empty, PointClass::SekiEye(Color::White), "W seki eye"),
        (Cell::Empty, PointClass::SharedLiberty, "shared liberty"),
    ],
];
/// Height of one legend row.
const LEGEND_ROW: f64 = 26.0;

/// The legend, its first row centred on `y`.
fn legend(s: &mut String, y: f64) {
    for (k, row) in LEGEND.iter().enumerate() {
        let y = y + LEGEND_ROW * k as f64;
        let mut x = 22.0;
        for &(cell, class, label) in *row {
            mark(s, cell, class, x, y);
            let _ = writeln!(
                s,
                "<text x=\"{}\" y=\"{}\">{label}</text>",
                x + 15.0,
                y + 4.0
            );
            x += 15.0 + CHAR_WIDTH * label.chars().count() as f64 + 24.0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn star_points_follow_the_board_size() {
        assert_eq!(star_points(19).len(), 9);
        assert!(star_points(19).contains(&(3, 15)));
        assert_eq!(star_points(13).len(), 9);
        assert_eq!(star_points(9), vec![(2, 2), (2, 6), (6, 2), (6, 6), (4, 4)]);
        assert_eq!(star_points(7).len(), 5);
        assert!(star_points(5).is_empty());
    }

    #[test]
    fn long_lines_wrap_at_spaces() {
        let lines = wrap("aaa bbb ccc dddd", 8);
        assert_eq!(lines, ["aaa bbb", "ccc dddd"]);
        assert_eq!(wrap("averyverylongword x", 5), ["averyverylongword", "x"]);
    }
}
