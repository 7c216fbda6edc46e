//! `lanke batch --format parquet` on real records: every table holds the
//! CSV run's rows cell for cell, typed as datapackage.json says; `merge`
//! joins CSV shards into the same Parquet files one run writes; and the
//! combinations that cannot work are refused with a reason.

mod common;

use std::collections::HashMap;
use std::fs::File;
use std::path::{Path, PathBuf};

use arrow_array::cast::AsArray;
use arrow_array::types::{Float64Type, Int64Type};
use arrow_array::{Array, RecordBatch};
use arrow_schema::DataType;
use common::run as lanke;
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;

const TABLES: [&str; 4] = ["games", "scores", "discrepancies", "summary"];

/// The Song and Qing records, 40 modern counted and resigned games, and
/// the bad-input corpus (error rows, whose cells are mostly empty).
fn corpus() -> PathBuf {
    static CORPUS: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    CORPUS
        .get_or_init(|| {
            let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
                .join(format!("lanke-parquet-corpus-{}", std::process::id()));
            let _ = std::fs::remove_dir_all(&dir);
            let mut kisei = 0;
            for (name, bytes) in lanke_testdata::cwi() {
                let modern = name.starts_with("games/Kisei/0") && kisei < 40;
                if modern || name.starts_with("games/ancient/old_chinese/") {
                    kisei += usize::from(modern);
                    let path = dir.join(name);
                    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
                    std::fs::write(path, bytes).unwrap();
                }
            }
            let bad = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bad-inputs");
            std::fs::create_dir_all(dir.join("bad")).unwrap();
            for e in std::fs::read_dir(bad).unwrap() {
                let p = e.unwrap().path();
                std::fs::copy(&p, dir.join("bad").join(p.file_name().unwrap())).unwrap();
            }
            dir
        })
        .clone()
}

fn scratch(name: &str) -> PathBuf {
    common::scratch("parquet", name)
}

fn batch(out: &Path, extra: &[&str]) {
    common::batch(&corpus(), out, extra);
}

/// A CSV table: header and rows of cells.
fn csv_table(path: &Path) -> (Vec<String>, Vec<Vec<String>>) {
    let mut r = csv::Reader::from_path(path).unwrap();
    let header = r.headers().unwrap().iter().map(str::to_string).collect();
    let rows = r
        .records()
        .map(|rec| rec.unwrap().iter().map(str::to_string).collect())
        .collect();
    (header, rows)
}

fn parquet_batches(path: &Path) -> Vec<RecordBatch> {
    ParquetRecordBatchReaderBuilder::try_new(File::open(path).unwrap())
        .unwrap()
        .build()
        .unwrap()
        .map(Result::unwrap)
        .collect()
}

/// The types datapackage.json gives each column of `table`.
fn declared_types(dir: &Path, table: &str) -> HashMap<String, String> {
    let text = std::fs::read_to_string(dir.join("datapackage.json")).unwrap();
    let package: serde_json::Value = serde_json::from_str(&text).unwrap();
    let resource = package["resources"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["name"] == table)
        .unwrap();
    assert_eq!(resource["path"], format!("{table}.parquet"));
    assert_eq!(resource["format"], "parquet");
    resource["schema"]["fields"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["name"].as_str().unwrap().to_string(),
                f["type"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// Cell `row` of `column` as the CSV writes it: empty for null, numbers
/// compared by value.
fn cell_matches(column: &dyn Array, row: usize, csv: &str) -> bool {
    if column.is_null(row) {
        return csv.is_empty();
    }
    match column.data_type() {
        DataType::Utf8 => column.as_string::<i32>().value(row) == csv,
        DataType::Int64 => csv.parse() == Ok(column.as_primitive::<Int64Type>().value(row)),
        DataType::Float64 => csv.parse() == Ok(column.as_primitive::<Float64Type>().value(row)),
        DataType::Boolean => column.as_boolean().value(row).to_string() == csv,
        other => panic!("unexpected column type {other}"),
    }
}

#[test]
fn parquet_tables_hold_the_csv_rows_typed() {
    let csv_dir = scratch("csv");
    let pq_dir = scratch("pq");
    batch(&csv_dir, &[]);
    batch(&pq_dir, &["--format", "parquet"]);
    for table in TABLES {
        assert!(!pq_dir.join(format!("{table}.csv")).exists());
        let (header, rows) = csv_table(&csv_dir.join(format!("{table}.csv")));
        let types = declared_types(&pq_dir, table);
        let batches = parquet_batches(&pq_dir.join(format!("{table}.parquet")));
        let schema = batches[0].schema();
        let names: Vec<&String> = schema.fields().iter().map(|f| f.name()).collect();
        assert_eq!(names, header.iter().collect::<Vec<_>>(), "{table}");
        for f in schema.fields() {
            let want = match types[f.name()].as_str() {
                "integer" => DataType::Int64,
                "number" => DataType::Float64,
                "boolean" => DataType::Boolean,
                _ => DataType::Utf8,
            };
            assert_eq!(f.data_type(), &want, "{table}.{}", f.name());
        }
        let mut n = 0;
        for b in &batches {
            for row in 0..b.num_rows() {
                for (c, name) in header.iter().enumerate() {
                    let csv = &rows[n][c];
                    assert!(
                        cell_matches(b.column(c), row, csv),
                        "{table} row {n} {name}: CSV {csv:?}, Parquet differs"
                    );
                }
                n += 1;
            }
        }
        assert_eq!(n, rows.len(), "{table}: rows");
        assert!(n > 0, "{table}: no rows");
    }
    // Through the typed columns: the old Chinese records are there with
    // their komi, and the bad inputs' error rows keep their nulls.
    let games = &parquet_batches(&pq_dir.join("games.parquet"))[0];
    let ids = games.column_by_name("game_id").unwrap().as_string::<i32>();
    let status = games.column_by_name("status").unwrap().as_string::<i32>();
    let komi = games.column_by_name("komi").unwrap();
    let errors: Vec<usize> = (0..games.num_rows())
        .filter(|&i| status.value(i) == "error")
        .collect();
    assert!(!errors.is_empty());
    assert!(errors.iter().all(|&i| ids.value(i).contains("bad")));
    assert!(errors.iter().any(|&i| komi.is_null(i)));
    assert!((0..games.num_rows()).any(|i| ids.value(i).contains("old_chinese") && !komi.is_null(i)));
}

#[test]
fn merge_writes_parquet_from_csv_shards_and_refuses_parquet_shards() {
    let whole = scratch("whole");
    batch(&whole, &["--format", "parquet"]);
    let parts: Vec<PathBuf> = (1..=2).map(|k| scratch(&format!("part{k}"))).collect();
    for (k, p) in parts.iter().enumerate() {
        batch(p, &["--shard", &format!("{}/2", k + 1)]);
    }
    let merged = scratch("merged");
    let o = lanke(&[
        "merge",
        parts[0].to_str().unwrap(),
        parts[1].to_str().unwrap(),
        "--out",
        merged.to_str().unwrap(),
        "--format",
        "parquet",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    for table in TABLES {
        let name = format!("{table}.parquet");
        assert_eq!(
            std::fs::read(whole.join(&name)).unwrap(),
            std::fs::read(merged.join(&name)).unwrap(),
            "{name}: merged differs from one run"
        );
    }
    // Parquet shards are refused, naming the shard and the way out.
    let pq_part = scratch("pqpart");
    batch(&pq_part, &["--shard", "1/2", "--format", "parquet"]);
    let o = lanke(&[
        "merge",
        pq_part.to_str().unwrap(),
        "--out",
        scratch("refused").to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success());
    assert!(
        err.contains(pq_part.to_str().unwrap()) && err.contains("--format csv"),
        "{err}"
    );
}

#[test]
fn a_parquet_run_replaces_an_earlier_csv_run_and_compress_is_refused() {
    let dir = scratch("replace");
    batch(&dir, &["--compress"]);
    assert!(dir.join("scores.csv.gz").exists());
    batch(&dir, &["--format", "parquet"]);
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(
        names.iter().all(|n| !n.contains(".csv")),
        "a CSV table was left beside the Parquet ones: {names:?}"
    );
    let input = corpus();
    let o = lanke(&[
        "batch",
        input.to_str().unwrap(),
        "--out",
        dir.to_str().unwrap(),
        "--format",
        "parquet",
        "--compress",
    ]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("--compress"));
}
