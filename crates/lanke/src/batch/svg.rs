//! A judged final position as an SVG board diagram: live and dead stones
//! (dead ones crossed), territory as small squares, seki eyes and shared
//! liberties as rings, dame as dots. Pure string building.

use lanke_board::{Board, Cell};
use lanke_judge::{Judgement, PointClass};
use lanke_sgf::{Color, Point};

const STEP: f64 = 24.0;
const MARGIN: f64 = 30.0;

/// A file name for a game id: characters other than letters, digits, `-`
/// and `.` become `_`.
#[must_use]
pub fn file_name(game_id: &str) -> String {
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
}

/// Renders the diagram.
#[must_use]
pub fn render(board: &Board, j: &Judgement, title: &str) -> String {
    let n = board.size();
    let side = MARGIN * 2.0 + STEP * f64::from(n - 1);
    let xy = |p: Point| {
        (
            MARGIN + STEP * f64::from(p.x),
            MARGIN + STEP * f64::from(p.y),
        )
    };
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{side}\" height=\"{h}\" viewBox=\"0 0 {side} {h}\">\n<title>{}</title>\n<rect width=\"100%\" height=\"100%\" fill=\"#dcb35c\"/>\n",
        escape(title),
        h = side + 20.0
    );
    for k in 0..n {
        let (a, _) = xy(Point::new(k, 0));
        let (_, b) = xy(Point::new(0, k));
        let end = MARGIN + STEP * f64::from(n - 1);
        s.push_str(&format!(
            "<line x1=\"{a}\" y1=\"{MARGIN}\" x2=\"{a}\" y2=\"{end}\" stroke=\"#000\" stroke-width=\"0.8\"/>\n<line x1=\"{MARGIN}\" y1=\"{b}\" x2=\"{end}\" y2=\"{b}\" stroke=\"#000\" stroke-width=\"0.8\"/>\n"
        ));
    }
    for y in 0..n {
        for x in 0..n {
            let p = Point::new(x, y);
            let (cx, cy) = xy(p);
            let fill = |c: Color| if c == Color::Black { "#000" } else { "#fff" };
            match (board.get(p), j.class(p)) {
                (Cell::Black | Cell::White, PointClass::LiveStone(c)) => s.push_str(&format!(
                    "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"11\" fill=\"{}\" stroke=\"#000\"/>\n",
                    fill(c)
                )),
                (Cell::Black | Cell::White, PointClass::DeadStone(c)) => {
                    s.push_str(&format!(
                        "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"11\" fill=\"{}\" stroke=\"#000\" opacity=\"0.45\"/>\n",
                        fill(c)
                    ));
                    s.push_str(&format!(
                        "<path d=\"M{} {} L{} {} M{} {} L{} {}\" stroke=\"#c00\" stroke-width=\"2\"/>\n",
                        cx - 6.0,
                        cy - 6.0,
                        cx + 6.0,
                        cy + 6.0,
                        cx - 6.0,
                        cy + 6.0,
                        cx + 6.0,
                        cy - 6.0
                    ));
                }
                (_, PointClass::Territory(c)) => s.push_str(&format!(
                    "<rect x=\"{}\" y=\"{}\" width=\"8\" height=\"8\" fill=\"{}\" stroke=\"#000\" stroke-width=\"0.5\"/>\n",
                    cx - 4.0,
                    cy - 4.0,
                    fill(c)
                )),
                (_, PointClass::SekiEye(_) | PointClass::SharedLiberty) => s.push_str(&format!(
                    "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"5\" fill=\"none\" stroke=\"#06c\" stroke-width=\"2\"/>\n"
                )),
                (_, PointClass::Dame) => s.push_str(&format!("<circle cx=\"{cx}\" cy=\"{cy}\" r=\"2.5\" fill=\"#555\"/>\n")),
                _ => {}
            }
        }
    }
    s.push_str(&format!(
        "<text x=\"{MARGIN}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"11\">{} — dead B {} W {}; groups B {} W {}</text>\n</svg>\n",
        side + 8.0,
        escape(title),
        j.dead[0].len(),
        j.dead[1].len(),
        j.groups[0].len(),
        j.groups[1].len()
    ));
    s
}
