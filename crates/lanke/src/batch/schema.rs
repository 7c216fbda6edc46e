//! The reports' schema: every column's name, type and meaning, in one place.
//! `datapackage.json` (Frictionless Data) is generated from it, and a test
//! checks it against the row structs so the documentation cannot drift.

use lanke_rescore::columns::{Field, TABLES};
use serde_json::json;

fn resource(name: &str, path: &str, fields: &[Field], keys: Keys) -> serde_json::Value {
    let mut schema = json!({
        "fields": fields.iter().map(|(n, t, d)| json!({"name": n, "type": t, "description": d})).collect::<Vec<_>>(),
        "primaryKey": keys.primary,
    });
    if keys.refers_to_games {
        schema["foreignKeys"] = json!([{
            "fields": "seq",
            "reference": {"resource": "games", "fields": "seq"},
        }]);
    }
    if path.ends_with(".parquet") {
        return json!({
            "name": name,
            "path": path,
            "format": "parquet",
            "mediatype": "application/vnd.apache.parquet",
            "schema": schema,
        });
    }
    let mut r = json!({
        "name": name,
        "path": path,
        "format": "csv",
        "mediatype": "text/csv",
        "encoding": "utf-8",
        "schema": schema,
    });
    if path.ends_with(".gz") {
        r["compression"] = json!("gz");
    }
    r
}

/// A table's keys: the columns that identify a row, and whether its `seq`
/// names a game of games.csv.
struct Keys {
    primary: &'static [&'static str],
    refers_to_games: bool,
}

/// The Frictionless Data package descriptor; `paths` are the file names
/// the tables of `TABLES` (games, scores, discrepancies, summary) were
/// written as
/// (`games.csv` or `games.parquet`; `scores.csv.gz` when compressed).
#[must_use]
pub(crate) fn datapackage(paths: &[String]) -> String {
    let of_game = |primary| Keys {
        primary,
        refers_to_games: true,
    };
    // Each table's keys, in the order of `TABLES`.
    let keys = [
        Keys {
            primary: &["seq"],
            refers_to_games: false,
        },
        of_game(&["seq", "family"]),
        of_game(&["seq", "kind"]),
        Keys {
            primary: &["metric", "family", "dimension", "group"],
            refers_to_games: false,
        },
    ];
    let resources: Vec<serde_json::Value> = TABLES
        .iter()
        .zip(paths)
        .zip(keys)
        .map(|((&(name, fields), path), keys)| resource(name, path, fields, keys))
        .collect();
    let v = json!({
        "name": "lanke-reports",
        "title": "lanke: go game archives rescored under every rule family",
        "description": "Written by `lanke batch`. Column meanings are in reports/README.md.",
        "resources": resources,
    });
    let mut s = serde_json::to_string_pretty(&v).expect("static JSON");
    s.push('\n');
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use lanke_rescore::columns::{DISCREPANCIES, GAMES, SCORES, SUMMARY};
    use lanke_rescore::derive::{DiscrepancyRow, SummaryRow};
    use lanke_rescore::rows::{GameRow, ScoreRow};

    fn header<T: serde::Serialize>(row: &T) -> Vec<String> {
        let mut w = csv::Writer::from_writer(Vec::new());
        w.serialize(row).unwrap();
        let text = String::from_utf8(w.into_inner().unwrap()).unwrap();
        text.lines()
            .next()
            .unwrap()
            .split(',')
            .map(str::to_string)
            .collect()
    }

    fn names(f: &[Field]) -> Vec<String> {
        f.iter().map(|(n, _, _)| (*n).to_string()).collect()
    }

    #[test]
    fn schema_matches_the_rows_written() {
        assert_eq!(header(&GameRow::default()), names(GAMES));
        assert_eq!(header(&ScoreRow::default()), names(SCORES));
        let d = DiscrepancyRow {
            seq: 0,
            game_id: String::new(),
            kind: String::new(),
            cause: String::new(),
            black_wins: String::new(),
            white_wins: String::new(),
            draws: String::new(),
            recorded: String::new(),
            reference_family: String::new(),
            detail: String::new(),
        };
        assert_eq!(header(&d), names(DISCREPANCIES));
        let s = SummaryRow {
            metric: String::new(),
            family: String::new(),
            dimension: String::new(),
            group: String::new(),
            value: 0.0,
            games: 0,
        };
        assert_eq!(header(&s), names(SUMMARY));
    }

    /// Each column's row in reports/README.md's tables says exactly what
    /// the schema (and so `datapackage.json`) says.
    #[test]
    fn the_readme_documents_every_column() {
        let readme = include_str!("../../../../reports/README.md");
        for (name, kind, meaning) in GAMES
            .iter()
            .chain(SCORES)
            .chain(DISCREPANCIES)
            .chain(SUMMARY)
        {
            let row = format!("| `{name}` | {kind} | {meaning} |");
            assert!(
                readme.lines().any(|line| line == row),
                "reports/README.md lacks the row {row}"
            );
        }
    }
}
