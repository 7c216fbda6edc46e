//! The columns of the report tables — name, Frictionless type, meaning —
//! in one place: the row structs (`rows`, `derive`) write them, the
//! binary's `datapackage.json` and a notebook binding's typed tables read
//! them, and a test keeps them in line with the row structs.

/// (column, Frictionless type, meaning)
pub type Field = (&'static str, &'static str, &'static str);

pub const GAMES: &[Field] = &[
    ("seq", "integer", "Position of the game in the whole input (walk order); the merge key."),
    ("game_id", "string", "Stable id: name!member#index, the name starting at the input named (its own file or directory name, then the path below it), however its path was typed."),
    ("source", "string", "File or archive path as found (the input as typed, then the path below it)."),
    ("member", "string", "Path inside the archive (empty for plain files)."),
    ("collection_index", "integer", "Index of the game within its SGF collection (0-based)."),
    ("status", "string", "ok, lenient (grammar deviations repaired) or error."),
    ("error", "string", "Why the game could not be read or judged (empty when not an error)."),
    ("finished", "boolean", "false when the record states a resignation, time, forfeit or an unknown/unfinished result (and did not end by two passes): such games are judged as mid-game estimates with 8 playouts and no dame filling (every neutral point the playouts give clearly to one side counts as that side's territory), and left out of discrepancies and rates; records with no result are positions to judge and count as finished."),
    ("black", "string", "PB."),
    ("white", "string", "PW."),
    ("black_rank", "string", "BR."),
    ("white_rank", "string", "WR."),
    ("date", "string", "DT as written."),
    ("decade", "string", "Decade of the first number in DT (1970s, 800s); empty if none."),
    ("event", "string", "EV."),
    ("collection", "string", "First folder under games/ (CWI), else the parent folder's name."),
    ("size", "integer", "Board size: points across (SZ, or its first part for a rectangular board SZ[columns:rows])."),
    ("height", "integer", "Points down: equal to size on a square board, the second part of SZ[columns:rows] on a rectangular one."),
    ("komi_raw", "string", "KM as written."),
    ("komi", "number", "Komi in points after normalisation (750 → 7.5, stone komi doubled); empty if unknown."),
    ("komi_form", "string", "missing, points, hundredths, stones or unreadable."),
    ("handicap", "integer", "Handicap stones (0 for even games and 座子)."),
    ("handicap_source", "string", "none, ha, setup, ha+setup or conflict."),
    ("zuozi", "boolean", "The four pre-placed 座子 stones of old Chinese games."),
    ("rules", "string", "RU as written."),
    ("result_raw", "string", "RE as written."),
    ("result_kind", "string", "count, resignation, time, forfeit, win, draw, void or unknown."),
    ("result_winner", "string", "B, W, draw, or empty when the record names no winner (also a result that says how and by how much but not who, 3目半勝ち)."),
    ("result_margin", "number", "Recorded margin (draw 0); empty when not counted."),
    ("result_unit", "string", "points, stones or routes: as stated, else stones for a quarter (only stone counting has quarters) and points otherwise."),
    ("moves_b", "integer", "Black's on-board moves in the record."),
    ("moves_w", "integer", "White's on-board moves in the record."),
    ("passes_b", "integer", "Black's passes."),
    ("passes_w", "integer", "White's passes."),
    ("captures_b", "integer", "White stones Black captured during play."),
    ("captures_w", "integer", "Black stones White captured during play."),
    ("setup_b", "integer", "Black setup stones (AB)."),
    ("setup_w", "integer", "White setup stones (AW)."),
    ("first_player", "string", "Colour of the first move."),
    ("last_mover", "string", "Colour of the last on-board move of the record."),
    ("first_double_pass", "integer", "Move number of the first of the first two consecutive passes."),
    ("encoding", "string", "Character encoding used to decode the file."),
    ("encoding_step", "string", "What decided it: bom, ca, utf8, vote or detected."),
    ("encoding_note", "string", "Why a declared CA[] was overruled, if it was."),
    ("parse", "string", "strict or lenient."),
    ("issues", "string", "Grammar and record issues, '; '-separated."),
    ("anomalies", "string", "Replay anomalies as kind@move, ';'-separated (occupied, ko-recapture, suicide, off-board, shared-node)."),
    ("judge", "string", "Where the dead stones came from: builtin (for unfinished games `builtin (8 playouts, estimate, unfinished)`), marks, overrides or gtp:COMMAND (with `--judge builtin+gtp:COMMAND`, `gtp:COMMAND (built-in confidence C)` where the built-in judge was unsure)."),
    ("judge_confidence", "number", "Lowest chain confidence of the judgement (0..1; a chain the judgement's own ending confirms counts at 0.5)."),
    ("judge_basis", "string", "Why the judgement is the reading it is: `as judged`; `groups kept alive` (open chains read so that the finished game's filling takes no living group); `game kept close` (open chains read so that a game its players played out is not one lost by 25 points or more); `no group built` (open chains read so that the dame filling builds no new group); empty when unjudged."),
    ("dead_b", "integer", "Black stones judged dead."),
    ("dead_w", "integer", "White stones judged dead."),
    ("dame", "integer", "Neutral points before filling."),
    ("open_border", "integer", "Points of open borders (neutral regions of 12 points or more that a counted record left unclosed) counted as territory because the playouts give them clearly to one side, and of smaller neutral regions one side's wall closes but for a gap of one or two points beside the other's stones (the points behind the gap), and of neutral regions one side's walls close once their one-point gaps count as closed (the points only its stones reach); not counted in dame. For unfinished games, the points of every neutral region (any size) counted as the playouts give them or as the walls' one-point gaps close them: the estimate's open territory."),
    ("protective_b", "integer", "Protective moves Black had to make while the dame were filled."),
    ("protective_w", "integer", "Protective moves White had to make."),
    ("groups_b", "integer", "Black's living groups (块) after filling."),
    ("groups_w", "integer", "White's living groups after filling."),
    ("seki_points", "integer", "Seki eyes plus shared seki liberties."),
];

pub const SCORES: &[Field] = &[
    ("seq", "integer", "The game's seq (see games.csv)."),
    ("game_id", "string", "The game's id."),
    ("family", "string", "Scoring family id (docs/RULES.md)."),
    ("unit", "string", "points, stones (against half the board) or routes."),
    ("komi", "number", "Komi applied, in the unit."),
    ("compensation", "number", "Handicap compensation charged to Black, in the unit."),
    ("black", "number", "Black's figure as the tradition reports it."),
    ("white", "number", "White's figure."),
    ("margin", "number", "Black minus White after komi and compensation (stones: Black's count minus half the board minus komi)."),
    ("margin_low", "number", "The least margin any reading of the position gives: the ending begun by either side, the chains the judge is unsure of (confidence below 0.5) read in either colour's favour, and, for a record that stops before the end (more than 40 neutral points or under 100 moves), every neutral point it leaves counted for either colour. Equal to margin_high when the position allows one result."),
    ("margin_high", "number", "The greatest margin any such reading gives."),
    ("margin_black_first", "number", "The margin when Black begins the ending (the dame, protective moves and captures the position leaves), the chains' statuses as judged: one of the two move orders margin_low..margin_high spans. Equal to margin_white_first when the order changes nothing."),
    ("margin_white_first", "number", "The margin when White begins the ending."),
    ("winner", "string", "B, W or draw."),
    ("legality", "string", "The family's ko and suicide rule checked on the replayed record: `legal`, `illegal at move N (reason)` or `no result at move N (reason)` (docs/RULES.md §5)."),
    ("recorded_winner", "string", "The record's winner (B, W, draw or empty)."),
    ("recorded_margin", "number", "The record's margin when counted."),
    ("agrees_with_record", "boolean", "true/false when the record states a winner or a draw, else empty."),
    ("note", "string", "Extra figures of the tradition (equal-stone 目, Black's count in stones, move balancing)."),
];

pub const DISCREPANCIES: &[Field] = &[
    ("seq", "integer", "The game's seq."),
    ("game_id", "string", "The game's id."),
    ("kind", "string", "families-disagree (winners differ between families) or contradicts-record (the record's own family disagrees with a counted result)."),
    ("cause", "string", "illegal move or no result, judgement uncertain, komi unknown, komi, handicap compensation, seki, group tax, pass/virtual moves, collect-last parity; for contradictions also judgement or record."),
    ("black_wins", "string", "Families in which Black wins."),
    ("white_wins", "string", "Families in which White wins."),
    ("draws", "string", "Families with a draw."),
    ("recorded", "string", "RE as written."),
    ("reference_family", "string", "The family matching the record's rules: routes for old Chinese results, else the rule set RU names or, with none named, the komi's (7.5 chinese, 8 ing, else japanese)."),
    ("detail", "string", "For contradictions: the reference family's margin against the record, and where the record lies against the margins every reading gives (scores.csv margin_low..margin_high) when both count in one unit."),
];

pub const SUMMARY: &[Field] = &[
    ("metric", "string", "games, winner_flip_rate, area_vs_territory_winner_disagree_rate, record_agreement_rate, estimate_agreement_rate (unfinished games with a stated winner: the share whose mid-game estimate names the player the resignation, time or forfeit names), area_minus_territory_mean_by_cause, area_minus_territory_histogram."),
    ("family", "string", "The scoring family of a record_agreement_rate or estimate_agreement_rate row (docs/RULES.md); empty for the other metrics."),
    ("dimension", "string", "status, finished, all, collection, decade, cause or difference."),
    ("group", "string", "The group within the dimension (a status, a collection name, a decade, a cause, an area − territory difference in points)."),
    ("value", "number", "The metric's value: a share 0..1 for rates, a mean in points, or a count of games (games, histogram)."),
    ("games", "integer", "Games the row covers: the games a rate or mean is computed over, or the games counted."),
];

/// The report tables, name and columns, in the order every report and
/// binding lists them.
pub const TABLES: [(&str, &[Field]); 4] = [
    ("games", GAMES),
    ("scores", SCORES),
    ("discrepancies", DISCREPANCIES),
    ("summary", SUMMARY),
];
