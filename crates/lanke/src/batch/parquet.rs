//! The report tables as Parquet (`--format parquet`): a finished CSV table
//! is read back and written column by column with the types of
//! `lanke_rescore::columns` (integer → int64, number → float64, boolean →
//! bool, string → utf8), so the Parquet rows are the CSV rows exactly.
//! An empty cell is null in a typed column and the empty string in a
//! string column, as `lanke.rescore` types the same CSV in Python. No row
//! is built here, and nothing but this module knows Parquet.

use std::fs::File;
use std::io::Read;
use std::path::Path;
use std::sync::Arc;

use anyhow::{bail, Context, Result};
use arrow_array::builder::{BooleanBuilder, Float64Builder, Int64Builder, StringBuilder};
use arrow_array::{ArrayRef, RecordBatch};
use arrow_schema::{DataType, Field as ArrowField, Schema};
use lanke_rescore::columns::Field;
use parquet::arrow::ArrowWriter;
use parquet::basic::{Compression, ZstdLevel};
use parquet::file::properties::WriterProperties;

/// Rows per record batch (and so per row group's pages as they fill).
const BATCH_ROWS: usize = 65_536;

/// A column being filled, by its type.
enum Column {
    Integer(Int64Builder),
    Number(Float64Builder),
    Boolean(BooleanBuilder),
    Text(StringBuilder),
}

impl Column {
    fn of(kind: &str) -> Result<(Column, DataType)> {
        Ok(match kind {
            "integer" => (Column::Integer(Int64Builder::new()), DataType::Int64),
            "number" => (Column::Number(Float64Builder::new()), DataType::Float64),
            "boolean" => (Column::Boolean(BooleanBuilder::new()), DataType::Boolean),
            "string" => (Column::Text(StringBuilder::new()), DataType::Utf8),
            other => bail!("no Parquet type for the column type {other}"),
        })
    }

    /// Appends one cell; `None` when it does not read as the column's type.
    fn push(&mut self, cell: &str) -> Option<()> {
        match self {
            Column::Text(b) => b.append_value(cell),
            Column::Integer(b) => b.append_option(typed(cell)?),
            Column::Number(b) => b.append_option(typed(cell)?),
            // `bool` reads exactly `true` and `false`, as the CSV writes them.
            Column::Boolean(b) => b.append_option(typed(cell)?),
        }
        Some(())
    }

    fn finish(&mut self) -> ArrayRef {
        match self {
            Column::Integer(b) => Arc::new(b.finish()),
            Column::Number(b) => Arc::new(b.finish()),
            Column::Boolean(b) => Arc::new(b.finish()),
            Column::Text(b) => Arc::new(b.finish()),
        }
    }
}

/// A typed cell: `Some(None)` when empty (null), `None` when it does not
/// read as `T`.
fn typed<T: std::str::FromStr>(cell: &str) -> Option<Option<T>> {
    if cell.is_empty() {
        Some(None)
    } else {
        cell.parse().ok().map(Some)
    }
}

/// Writes the CSV table read from `csv` (with its header, whose columns
/// must be `fields` in order) as Parquet into `target`, compressed with
/// zstd. `name` names the table in errors.
pub(super) fn write_table(
    csv: impl Read,
    name: &str,
    fields: &[Field],
    target: &Path,
) -> Result<()> {
    let mut columns = Vec::with_capacity(fields.len());
    let mut schema = Vec::with_capacity(fields.len());
    for &(column, kind, _) in fields {
        let (builder, data_type) = Column::of(kind)?;
        columns.push(builder);
        schema.push(ArrowField::new(column, data_type, true));
    }
    let schema = Arc::new(Schema::new(schema));
    let mut reader = csv::Reader::from_reader(csv);
    let header: Vec<String> = reader.headers()?.iter().map(str::to_string).collect();
    let expected: Vec<&str> = fields.iter().map(|f| f.0).collect();
    if header != expected {
        bail!("{name}: the CSV header is not the table's columns ({header:?})");
    }
    let file = File::create(target).with_context(|| format!("writing {}", target.display()))?;
    let properties = WriterProperties::builder()
        .set_compression(Compression::ZSTD(ZstdLevel::default()))
        .build();
    let mut writer = ArrowWriter::try_new(file, schema.clone(), Some(properties))?;
    let mut rows = 0usize;
    let mut record = csv::StringRecord::new();
    loop {
        let more = reader
            .read_record(&mut record)
            .with_context(|| format!("{name}: reading row {}", rows + 1))?;
        if more {
            for (i, column) in columns.iter_mut().enumerate() {
                let cell = record.get(i).unwrap_or("");
                if column.push(cell).is_none() {
                    bail!(
                        "{name}: row {}, column {}: {cell:?} is not a {}",
                        rows + 1,
                        fields[i].0,
                        fields[i].1
                    );
                }
            }
            rows += 1;
        }
        // A batch is written when it is full, and at the end when rows
        // wait that no full batch took.
        let full = rows.is_multiple_of(BATCH_ROWS);
        if (more && full) || (!more && !full) {
            let arrays = columns.iter_mut().map(Column::finish).collect();
            writer.write(&RecordBatch::try_new(schema.clone(), arrays)?)?;
        }
        if !more {
            break;
        }
    }
    writer.close()?;
    Ok(())
}
