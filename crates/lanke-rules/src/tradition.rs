//! Which points family a modern record was counted under: the rule set its
//! `RU` names, else the one its komi belongs to. Dating old Chinese
//! records and reading result units is the callers' (`verify`).

/// The points family of a record whose rules are written `rules` (`RU`) and
/// whose komi is `komi`. A rule set `RU` names decides; a record that
/// names none (most archives write no `RU`) is read by its komi: 7.5 is
/// the komi of Chinese area counting (3¾ stones) and 8 that of the Ing
/// rules, while the territory-counting rule sets give 6.5 (earlier 5.5 or
/// 4.5), so such a record was counted by area (the Chunlan and Ing Cups'
/// records in the CWI archive carry no `RU`); any other komi is Japanese
/// counting's.
#[must_use]
pub fn points_family(rules: Option<&str>, komi: Option<f64>) -> &'static str {
    let ru = rules.map(str::to_ascii_lowercase).unwrap_or_default();
    let words: Vec<&str> = ru
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let named = |w: &str| words.contains(&w);
    if named("chinese") || named("cn") {
        "chinese"
    } else if named("ing") || named("goe") {
        "ing"
    } else if named("aga") {
        "aga"
    } else if ru.contains("new zealand") || named("nz") {
        "nz"
    } else if ["japanese", "korean", "jp", "jpn", "ko"]
        .iter()
        .any(|w| named(w))
    {
        "japanese"
    } else if komi == Some(8.0) {
        "ing"
    } else if komi == Some(7.5) {
        "chinese"
    } else {
        "japanese"
    }
}

#[cfg(test)]
mod tests {
    use super::points_family;

    #[test]
    fn the_named_rule_set_decides() {
        assert_eq!(points_family(Some("Chinese"), Some(5.5)), "chinese");
        assert_eq!(points_family(Some("Japanese"), Some(7.5)), "japanese");
        assert_eq!(points_family(Some("Ing (GOE)"), Some(8.0)), "ing");
        assert_eq!(points_family(Some("AGA"), Some(7.5)), "aga");
        assert_eq!(points_family(Some("NZ"), Some(7.0)), "nz");
        assert_eq!(points_family(Some("JPN"), Some(7.5)), "japanese");
    }

    #[test]
    fn without_a_rule_set_the_komi_decides() {
        assert_eq!(points_family(None, Some(7.5)), "chinese");
        assert_eq!(points_family(None, Some(8.0)), "ing");
        assert_eq!(points_family(None, Some(6.5)), "japanese");
        assert_eq!(points_family(Some(""), Some(0.0)), "japanese");
        assert_eq!(points_family(None, None), "japanese");
    }

    #[test]
    fn a_word_inside_another_names_nothing() {
        // "Korean" holds no "ing", "Bridging" is no rule set.
        assert_eq!(points_family(Some("Korean"), Some(8.0)), "japanese");
        assert_eq!(points_family(Some("Bridging"), Some(6.5)), "japanese");
    }
}
