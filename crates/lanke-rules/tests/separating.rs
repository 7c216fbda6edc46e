//! Each family against its neighbours on quantities chosen so that exactly
//! one rule differs: collect-last parity, seki points, group tax, handicap
//! compensation, virtual moves, ties, all-stones-alive.

use lanke_rules::{family, score, KomiMode, Outcome, Quantities, Score};
use lanke_sgf::Color;

/// An even 19x19 game, all dame filled: B 180 points of area, W 181.
fn base() -> Quantities {
    Quantities {
        points: 361,
        stones: [140, 141],
        territory: [40, 40],
        area_before_fill: [180, 181],
        captured: [5, 5],
        dead_removed: [0, 0],
        moves: [150, 150],
        play_phase_moves: [150, 150],
        fills: [0, 0],
        groups: [2, 2],
        eye_points: [4, 4],
        seki_eye_points: [0, 0],
        on_board_at_end: [140, 141],
        all_alive_area: [180, 181],
        last_on_board: Some(Color::White),
        first_mover: Some(Color::Black),
        ..Quantities::default()
    }
}

fn run(id: &str, q: &Quantities, komi: f64) -> Score {
    score(family(id).unwrap(), q, KomiMode::Record(komi))
}

#[test]
fn wmsg_charges_black_for_collecting_last_and_chinese_does_not() {
    let mut q = base();
    q.stones = [141, 140];
    q.area_before_fill = [181, 180];
    q.last_on_board = Some(Color::Black);
    assert_eq!(run("chinese", &q, 0.0).margin, 1.0);
    assert_eq!(run("wmsg-2008", &q, 0.0).margin, 0.0);
    assert_eq!(run("wmsg-2008", &q, 0.0).outcome, Outcome::Draw);
    // In a White-first game Black's last move only evens the count.
    q.first_mover = Some(Color::White);
    assert_eq!(run("wmsg-2008", &q, 0.0).margin, 1.0);
    // White moving first and collecting last pays instead.
    q.stones = [140, 141];
    q.area_before_fill = [180, 181];
    q.last_on_board = Some(Color::White);
    assert_eq!(run("wmsg-2008", &q, 0.0).margin, 0.0);
}

#[test]
fn seki_eyes_count_for_area_not_for_territory() {
    let mut q = base();
    q.seki_eyes = [3, 0];
    q.territory = [37, 40];
    q.area_before_fill = [180, 181];
    assert_eq!(
        run("japanese", &q, 0.0).margin,
        -3.0,
        "seki eyes are not territory"
    );
    assert_eq!(run("chinese", &q, 0.0).margin, -1.0, "seki eyes are area");
    // Shared seki points split evenly: no effect on the area margin.
    q.shared = 2;
    assert_eq!(run("chinese", &q, 0.0).black, 181.0);
}

#[test]
fn group_tax_separates_ming_qing_from_chinese() {
    let mut q = base();
    q.stones = [142, 139];
    q.groups = [4, 2];
    q.eye_points = [8, 4];
    // Chinese: 182 - 179 = +3; Ming/Qing: Black's count 182 - 2 = 180 → W+0.5 stones.
    assert_eq!(run("chinese", &q, 0.0).margin, 3.0);
    let mq = run("ming-qing", &q, 0.0);
    assert_eq!(
        (mq.black, mq.margin, mq.outcome),
        (180.0, -0.5, Outcome::White)
    );
    assert_eq!(run("tianyi", &q, 0.0).margin, -0.5);
}

#[test]
fn handicap_compensation_per_family() {
    let mut q = base();
    q.handicap = 4;
    let native = |id: &str| score(family(id).unwrap(), &q, KomiMode::Native);
    assert_eq!(native("japanese").compensation, 0.0);
    assert_eq!(native("chinese").compensation, 4.0, "N/2 stones = N points");
    assert_eq!(native("aga").compensation, 3.0, "N - 1");
    assert_eq!(native("ming-qing").compensation, 4.0, "N stones");
    assert_eq!(native("japanese").komi, 0.5);
    assert_eq!(native("aga").komi, 0.5);
    // Chinese rules (1988, 2002): in a handicap game Black returns half
    // the handicap stones and no komi is given on top.
    assert_eq!(
        (native("chinese").komi, native("wmsg-2008").komi),
        (0.0, 0.0)
    );
    assert_eq!(native("chinese").margin, -1.0 - 4.0);
}

#[test]
fn art_versions_charge_extra_moves_and_virtual_moves() {
    let mut q = base();
    q.play_phase_moves = [151, 150];
    q.area_before_fill = [181, 180];
    q.stones = [141, 140];
    assert_eq!(run("sci-1-2", &q, 0.0).margin, 1.0, "legal: no charge");
    assert_eq!(
        run("sci-1-1", &q, 0.0).margin,
        0.0,
        "art: one surplus move pays one point"
    );
    q.lone_passes = [0, 1];
    assert_eq!(
        run("sci-1-1", &q, 0.0).margin,
        0.0,
        "1-1 has no virtual moves"
    );
    assert_eq!(
        run("sci-2-1", &q, 0.0).margin,
        1.0,
        "2-1 counts White's virtual move"
    );
}

#[test]
fn ing_gives_black_the_ties() {
    let mut q = base();
    q.stones = [144, 137];
    q.area_before_fill = [184, 177];
    // 184 - 177 = 7, not 8: Black loses by 1 under Ing's komi 8...
    assert_eq!(
        score(family("ing").unwrap(), &q, KomiMode::Native).outcome,
        Outcome::White
    );
    // ...and wins a tie.
    q.stones = [145, 136];
    let ing = score(family("ing").unwrap(), &q, KomiMode::Native);
    assert_eq!((ing.margin, ing.outcome), (1.0, Outcome::Black));
    q.stones = [144, 136];
    let tie = score(family("ing").unwrap(), &q, KomiMode::Native);
    assert_eq!((tie.margin, tie.outcome), (0.0, Outcome::Black));
}

#[test]
fn tromp_taylor_counts_every_stone_alive() {
    let mut q = base();
    q.all_alive_area = [170, 160];
    assert_eq!(run("tromp-taylor", &q, 0.0).margin, 10.0);
    assert_eq!(run("chinese", &q, 0.0).margin, -1.0);
}

#[test]
fn tang_song_balances_moves_inside_own_routes_when_no_dame_is_left() {
    let mut q = base();
    q.moves = [150, 151];
    let ts = run("tang-song", &q, 0.0);
    // Routes 40 - 5 - 4 = 31 each; Black, a move behind, fills one of its own.
    assert_eq!((ts.black, ts.white), (30.0, 31.0));
    q.dame = 1;
    let ts = run("tang-song", &q, 0.0);
    assert_eq!(
        (ts.black, ts.white),
        (31.0, 31.0),
        "a dame absorbs the balancing move"
    );
    assert_eq!(ts.outcome, Outcome::Draw, "停路为芇");
}

/// Dame are worth no route and need not be filled (无路官子): a record
/// already even in moves stays even whatever the filling does with its
/// dame, and a protective move the ending needs is a move.
#[test]
fn tang_song_balances_the_moves_played_and_needed_not_the_dame_filled() {
    let mut q = base();
    q.moves = [5, 5];
    q.fills = [1, 0];
    let ts = run("tang-song", &q, 0.0);
    assert_eq!(
        (ts.black, ts.white, ts.outcome),
        (31.0, 31.0, Outcome::Draw)
    );
    assert_eq!(ts.note, "");
    // The filling's dame are points the balancing move may take.
    q.moves = [5, 6];
    let ts = run("tang-song", &q, 0.0);
    assert_eq!((ts.black, ts.white), (31.0, 31.0), "{}", ts.note);
    // A protective move is a move: with no dame, White (behind) pays.
    q.fills = [1, 0];
    q.protective = [1, 0];
    q.moves = [5, 5];
    let ts = run("tang-song", &q, 0.0);
    assert_eq!((ts.black, ts.white), (31.0, 30.0), "{}", ts.note);
}

/// Five dame left by the record (B 178, W 178 before filling), White to
/// move after it; White also had to make two protective moves, so the
/// filling gave Black three dame and White two (its protective moves cost
/// it turns). Chinese counts the filled board; the 1920s family shares the
/// dame by turns, protective moves aside: White, first, takes three (seed
/// 001: who collects last takes the odd point).
#[test]
fn the_1920s_family_shares_the_dame_by_turns_and_chinese_counts_the_filled_board() {
    let mut q = base();
    q.area_before_fill = [178, 178];
    q.stones = [143, 145];
    q.territory = [38, 35];
    q.fills = [3, 4];
    q.protective = [0, 2];
    q.first_to_fill = Some(Color::White);
    let chinese = run("chinese", &q, 0.0);
    assert_eq!((chinese.black, chinese.white), (181.0, 180.0));
    let modern = run("chinese-modern-1920s", &q, 0.0);
    assert_eq!((modern.black, modern.white), (180.0, 181.0));
    assert_eq!(modern.outcome, Outcome::White);
    q.first_to_fill = Some(Color::Black);
    assert_eq!(run("chinese-modern-1920s", &q, 0.0).black, 181.0);
    q.first_to_fill = None;
    assert_eq!(run("chinese-modern-1920s", &q, 0.0).black, 180.5);
}

/// Seed 001's table of 近代数子法 (取消还块子), row by row: the handicap,
/// the stones Black returns, who collected last, and the par (归本子数)
/// each side's count is compared with. A count exactly at Black's par is
/// a draw, half a stone above it a Black win.
#[test]
fn the_1920s_family_compares_counts_with_the_tables_pars() {
    use Color::{Black, White};
    // (handicap, returned, collected last, Black's par, White's par)
    let table = [
        (0, 0.0, Black, 181.0, 180.0),
        (0, 0.0, White, 180.5, 180.5),
        (2, 1.0, Black, 180.5, 180.5),
        (2, 1.0, White, 180.0, 181.0),
        (3, 1.5, Black, 180.5, 180.5),
        (3, 1.5, White, 180.0, 181.0),
        (4, 2.0, Black, 180.5, 180.5),
        (4, 2.0, White, 180.0, 181.0),
    ];
    for (handicap, returned, last, par_b, par_w) in table {
        let mut q = base();
        q.handicap = handicap;
        q.first_mover = Some(if handicap > 0 { White } else { Black });
        q.last_on_board = Some(last);
        q.first_to_fill = None;
        // Black's count (stones; every point filled) at its par, plus the
        // stones it returns.
        let count: f64 = par_b + returned;
        q.stones = [count as u32, 361 - count as u32];
        q.territory = [0, 0];
        q.shared = u32::from(count.fract() != 0.0);
        if q.shared == 1 {
            q.stones[1] -= 1;
        }
        let s = score(
            family("chinese-modern-1920s").unwrap(),
            &q,
            KomiMode::Native,
        );
        let row = format!("{handicap} stones, {last:?} last");
        assert_eq!((s.black, s.compensation), (count, returned), "{row}");
        assert_eq!((s.margin, s.outcome), (0.0, Outcome::Draw), "{row}");
        assert!(
            s.note.ends_with(&format!("pars B {par_b}, W {par_w}")),
            "{row}: {}",
            s.note
        );
    }
}

#[test]
fn tianyi_draws_stand_except_in_a_cup_final_where_the_first_mover_wins() {
    let mut q = base();
    // B 180 : W 181, groups equal; White gives half a stone (one point):
    // 180 + 0.5 against 180.5, a draw.
    let drawn = run("tianyi", &q, -1.0);
    assert_eq!((drawn.margin, drawn.outcome), (0.0, Outcome::Draw));
    // 和棋算执白先行者"和棋胜": the side that moved first takes it.
    let final_ = run("tianyi-cup-final", &q, -1.0);
    assert_eq!((final_.margin, final_.outcome), (0.0, Outcome::Black));
    q.first_mover = Some(Color::White);
    assert_eq!(run("tianyi-cup-final", &q, -1.0).outcome, Outcome::White);
    assert_eq!(run("tianyi", &q, -1.0).outcome, Outcome::Draw);
    // Anything but a draw is decided by the count alone.
    assert_eq!(run("tianyi-cup-final", &q, 0.0).outcome, Outcome::White);
}
