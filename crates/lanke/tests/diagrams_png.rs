//! The SVG diagrams rendered to PNG, as a reader's viewer would draw them:
//! a 19x19 professional game, the 7x7 seki of the source texts with its
//! labels, the 19x19 烂柯图 with its sixteen labelled points, and a 13x7
//! rectangular board. The
//! pictures are kept under the test target's scratch directory (the test
//! prints where) so that a person can look at them; the assertions read
//! pixels where the SVG put its stones and labels.

use std::path::{Path, PathBuf};
use std::process::Command;

use resvg::{tiny_skia, usvg};

fn data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data")
}

/// `lanke show PATH [--game ID] --svg -`'s picture.
fn svg_of(path: &Path, game: Option<&str>) -> String {
    let o = Command::new(env!("CARGO_BIN_EXE_lanke"))
        .arg("show")
        .arg(path)
        .args(game.into_iter().flat_map(|g| ["--game", g]))
        .args(["--svg", "-"])
        .output()
        .expect("lanke runs");
    assert!(
        o.status.success(),
        "{} {game:?}: {}",
        path.display(),
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout).unwrap()
}

/// Renders `svg` and writes it as `name`.png; returns the pixels and
/// whether any font was found to draw the text with.
fn render(svg: &str, name: &str) -> (tiny_skia::Pixmap, bool) {
    let mut opt = usvg::Options::default();
    let db = opt.fontdb_mut();
    db.load_system_fonts();
    // The generic family the SVG names is mapped to a sans face this
    // machine has (fontdb's default, Arial, is rarely installed).
    let sans = db
        .faces()
        .flat_map(|f| f.families.iter().map(|(name, _)| name.clone()))
        .find(|name| name.contains("Sans"));
    let fonts = sans.is_some();
    if let Some(name) = sans {
        db.set_sans_serif_family(name);
    }
    let tree = usvg::Tree::from_str(svg, &opt).expect("the SVG parses");
    let size = tree.size().to_int_size();
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height()).unwrap();
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("diagrams");
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join(format!("{name}.png"));
    pixmap.save_png(&out).unwrap();
    println!("{name}: {}", out.display());
    (pixmap, fonts)
}

/// The value of attribute `name` in one SVG element's text.
fn attr(element: &str, name: &str) -> f32 {
    let start = element.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
    let end = start + element[start..].find('"').unwrap();
    element[start..end].parse().unwrap()
}

/// The SVG's elements that start with `open` and contain `with`.
fn elements<'a>(svg: &'a str, open: &str, with: &str) -> Vec<&'a str> {
    svg.lines()
        .filter(|l| l.starts_with(open) && l.contains(with))
        .collect()
}

fn brightness(p: &tiny_skia::Pixmap, x: f32, y: f32) -> u32 {
    let c = p.pixel(x.round() as u32, y.round() as u32).unwrap();
    (u32::from(c.red()) + u32::from(c.green()) + u32::from(c.blue())) / 3
}

/// Stones are drawn where the SVG says: every black stone's centre is
/// dark, every white stone's light, and the board around them wood.
fn stones_are_drawn(svg: &str, p: &tiny_skia::Pixmap) -> usize {
    let stones = elements(svg, "<circle", "r=\"11\"");
    for s in &stones {
        let (cx, cy) = (attr(s, "cx"), attr(s, "cy"));
        let light = brightness(p, cx, cy);
        // Dead stones are drawn faded with a red cross through the centre.
        if s.contains("opacity") {
            continue;
        }
        if s.contains("fill=\"#000\"") {
            assert!(light < 40, "black stone at ({cx}, {cy}) reads {light}");
        } else {
            assert!(light > 215, "white stone at ({cx}, {cy}) reads {light}");
        }
    }
    stones.len()
}

/// Each label has ink near its point (when a font could be loaded).
fn labels_are_drawn(svg: &str, p: &tiny_skia::Pixmap, fonts: bool, expected: &[&str]) {
    let labels = elements(svg, "<text", "font-weight=\"bold\"");
    let texts: Vec<&str> = labels
        .iter()
        .map(|l| &l[l.find('>').unwrap() + 1..l.rfind("</text>").unwrap()])
        .collect();
    assert_eq!(texts, expected);
    if !fonts {
        eprintln!("no system font: label ink not checked");
        return;
    }
    for l in labels {
        let (x, y) = (attr(l, "x"), attr(l, "y") - 4.5);
        let inked =
            (-5..=5).any(|dx| (-5..=5).any(|dy| brightness(p, x + dx as f32, y + dy as f32) < 80));
        assert!(inked, "no ink at the label drawn at ({x}, {y})");
    }
}

#[test]
fn diagrams_render_with_their_stones_and_labels() {
    let archive = data().join("cwi-games.tar.gz");
    let game = svg_of(&archive, Some("Kisei/Title/Kis-2008-6.sgf"));
    let (png, _) = render(&game, "kisei-2008-6-19x19");
    assert_eq!(png.width(), 500);
    // The final position's 235 stones, and the legend's sample dead stone.
    assert_eq!(stones_are_drawn(&game, &png), 235 + 1);

    let seki = svg_of(&data().join("classics/siqi-shuanghuo.sgf"), None);
    let (png, fonts) = render(&seki, "siqi-shuanghuo-7x7");
    // The narrowest picture still has room for the caption.
    assert_eq!(png.width(), 440);
    // Twelve black and twenty white stones, and the legend's sample.
    assert_eq!(stones_are_drawn(&seki, &png), 32 + 1);
    labels_are_drawn(&seki, &png, fonts, &["a", "b"]);

    let lanke_tu = svg_of(&data().join("classics/lanke-equal.sgf"), None);
    let (png, fonts) = render(&lanke_tu, "lanke-equal-19x19");
    labels_are_drawn(&lanke_tu, &png, fonts, &["#"; 16]);

    let rect = svg_of(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/shapes/walls-13x7.sgf"),
        None,
    );
    let (png, _) = render(&rect, "walls-13x7");
    // Thirteen columns and seven rows of lines, nothing of the square
    // frame beyond the seventh row.
    let lines = elements(&rect, "<line", "stroke-width=\"0.8\"");
    let vertical = lines
        .iter()
        .filter(|l| attr(l, "x1") == attr(l, "x2"))
        .count();
    assert_eq!((vertical, lines.len() - vertical), (13, 7));
    // 26 wall stones and the two dead ones, and the legend's sample.
    assert_eq!(stones_are_drawn(&rect, &png), 28 + 1);
}
