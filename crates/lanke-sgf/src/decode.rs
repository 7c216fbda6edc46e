//! Bytes → text, before any parsing.
//!
//! Decoding must happen on the raw bytes: in Big5, GBK and Shift_JIS the
//! second byte of a character can be `\` (0x5C) or `]` (0x5D), so a parser
//! working on bytes would mistake half a character for an SGF escape or the
//! end of a value. The steps, in order, and the first that decides wins:
//!
//! 1. a byte-order mark (UTF-8, UTF-16LE/BE);
//! 2. the `CA[]` property, found in the raw bytes, if its label is known and
//!    the bytes decode cleanly with it (a single-byte label such as
//!    ISO-8859-1 loses to step 3 when the bytes are valid non-ASCII UTF-8,
//!    which is what tools that write a default header produce);
//! 3. the bytes are valid UTF-8 (pure ASCII included);
//! 4. an archive-wide vote, when the caller supplies one and the file has too
//!    few non-ASCII bytes for a statistical guess to be trusted;
//! 5. statistical detection (chardetng), decoded with encoding_rs.
//!
//! Nothing here reads files; nothing here fails: the worst case is a lossy
//! decode, reported in [`Decoded::malformed`].

use std::borrow::Cow;

use encoding_rs::{Encoding, BIG5, EUC_JP, EUC_KR, GB18030, GBK, SHIFT_JIS, UTF_8, WINDOWS_1252};

/// Which step of the decoding order chose the encoding.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DecodeStep {
    /// A byte-order mark.
    Bom,
    /// The record's own `CA[]` property.
    CaProperty,
    /// The bytes are valid UTF-8 (or plain ASCII).
    Utf8,
    /// The per-archive vote supplied by the caller (short files).
    ArchiveVote,
    /// Statistical detection.
    Detected,
}

impl DecodeStep {
    /// A stable lower-case name for reports.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            DecodeStep::Bom => "bom",
            DecodeStep::CaProperty => "ca",
            DecodeStep::Utf8 => "utf8",
            DecodeStep::ArchiveVote => "vote",
            DecodeStep::Detected => "detected",
        }
    }
}

/// Files with fewer non-ASCII bytes than this take the archive vote, when
/// one is offered, instead of a statistical guess.
pub const SHORT_TEXT_NON_ASCII: usize = 24;

/// The decoded text and how it was obtained.
#[derive(Debug, Clone)]
pub struct Decoded<'a> {
    pub text: Cow<'a, str>,
    pub encoding: &'static Encoding,
    pub step: DecodeStep,
    /// The raw `CA[]` label, if the record has one.
    pub declared: Option<String>,
    /// Some bytes could not be decoded and became U+FFFD.
    pub malformed: bool,
    /// A human-readable remark when the declared label was overruled or unknown.
    pub note: Option<String>,
}

/// Maps a `CA[]` label (or any common alias found in archives) to an encoding.
#[must_use]
pub fn encoding_for_label(label: &str) -> Option<&'static Encoding> {
    let norm: String = label
        .trim()
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_ascii_lowercase();
    let by_alias = match norm.as_str() {
        "utf8" | "utf-8" | "utf_8" => Some(UTF_8),
        "cp936" | "ms936" | "windows-936" | "gb2312" | "gb_2312" | "gbk" | "euc-cn" | "euccn" => {
            Some(GBK)
        }
        "gb18030" | "gb-18030" => Some(GB18030),
        "cp932" | "ms932" | "windows-31j" | "sjis" | "shift-jis" | "shift_jis" | "shiftjis"
        | "x-sjis" => Some(SHIFT_JIS),
        "cp949" | "ms949" | "uhc" | "euc-kr" | "euckr" | "ks_c_5601-1987" => Some(EUC_KR),
        "big5" | "big-5" | "cp950" | "big5-hkscs" => Some(BIG5),
        "euc-jp" | "eucjp" => Some(EUC_JP),
        "latin1" | "latin-1" | "iso-8859-1" | "iso8859-1" | "iso_8859-1" | "l1" | "cp1252" => {
            Some(WINDOWS_1252)
        }
        _ => None,
    };
    by_alias.or_else(|| Encoding::for_label(norm.as_bytes()))
}

/// Finds the value of the first `CA[...]` property in the raw bytes.
#[must_use]
pub fn find_ca_label(bytes: &[u8]) -> Option<String> {
    let mut from = 0;
    while let Some(pos) = find(&bytes[from..], b"CA[") {
        let at = from + pos;
        let preceded_by_letter = at > 0 && bytes[at - 1].is_ascii_alphabetic();
        if !preceded_by_letter {
            let start = at + 3;
            let end = bytes[start..].iter().position(|&b| b == b']')? + start;
            let label = &bytes[start..end];
            if label.len() <= 40 && label.is_ascii() {
                return Some(String::from_utf8_lossy(label).into_owned());
            }
            return None;
        }
        from = at + 3;
    }
    None
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

fn is_single_byte(enc: &'static Encoding) -> bool {
    enc.is_single_byte()
}

/// Decodes an SGF file's bytes. `vote` is the encoding most files of the same
/// archive were detected as, if the caller computed one.
#[must_use]
pub fn decode<'a>(bytes: &'a [u8], vote: Option<&'static Encoding>) -> Decoded<'a> {
    if let Some((enc, bom_len)) = Encoding::for_bom(bytes) {
        let (text, malformed) = enc.decode_without_bom_handling(&bytes[bom_len..]);
        return Decoded {
            text,
            encoding: enc,
            step: DecodeStep::Bom,
            declared: find_ca_label(bytes),
            malformed,
            note: None,
        };
    }
    let declared = find_ca_label(bytes);
    let utf8 = std::str::from_utf8(bytes).ok();
    let mut note = None;
    if let Some(label) = &declared {
        match encoding_for_label(label) {
            Some(enc) => {
                let non_ascii_utf8 = utf8.is_some_and(|t| !t.is_ascii());
                if is_single_byte(enc) && enc != UTF_8 && non_ascii_utf8 {
                    note = Some(format!(
                        "CA[{label}] overruled: the bytes are valid UTF-8 with non-ASCII text"
                    ));
                } else if let Some(text) =
                    enc.decode_without_bom_handling_and_without_replacement(bytes)
                {
                    return Decoded {
                        text,
                        encoding: enc,
                        step: DecodeStep::CaProperty,
                        declared,
                        malformed: false,
                        note: None,
                    };
                } else {
                    note = Some(format!(
                        "CA[{label}] overruled: the bytes are not valid {}",
                        enc.name()
                    ));
                }
            }
            None => note = Some(format!("CA[{label}] is not a known encoding label")),
        }
    }
    if let Some(text) = utf8 {
        return Decoded {
            text: Cow::Borrowed(text),
            encoding: UTF_8,
            step: DecodeStep::Utf8,
            declared,
            malformed: false,
            note,
        };
    }
    let non_ascii = bytes.iter().filter(|b| !b.is_ascii()).count();
    if let Some(enc) = vote {
        if non_ascii < SHORT_TEXT_NON_ASCII {
            if let Some(text) = enc.decode_without_bom_handling_and_without_replacement(bytes) {
                return Decoded {
                    text,
                    encoding: enc,
                    step: DecodeStep::ArchiveVote,
                    declared,
                    malformed: false,
                    note,
                };
            }
        }
    }
    let enc = detect(bytes);
    let (text, malformed) = enc.decode_without_bom_handling(bytes);
    Decoded {
        text,
        encoding: enc,
        step: DecodeStep::Detected,
        declared,
        malformed,
        note,
    }
}

/// Statistical guess for bytes that are not UTF-8.
#[must_use]
pub fn detect(bytes: &[u8]) -> &'static Encoding {
    let mut detector = chardetng::EncodingDetector::new(chardetng::Iso2022JpDetection::Allow);
    detector.feed(bytes, true);
    detector.guess(None, chardetng::Utf8Detection::Deny)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_archive_label_maps_to_the_right_encoding() {
        let cases = [
            ("GB2312", "GBK"),
            ("GBK", "GBK"),
            ("GB18030", "gb18030"),
            ("cp936", "GBK"),
            ("Big5", "Big5"),
            ("Shift_JIS", "Shift_JIS"),
            ("SJIS", "Shift_JIS"),
            ("cp932", "Shift_JIS"),
            ("EUC-KR", "EUC-KR"),
            ("cp949", "EUC-KR"),
            ("ISO-8859-1", "windows-1252"),
            ("Latin-1", "windows-1252"),
            ("utf-8", "UTF-8"),
            (" UTF8 ", "UTF-8"),
        ];
        for (label, name) in cases {
            assert_eq!(
                encoding_for_label(label).map(|e| e.name()),
                Some(name),
                "{label}"
            );
        }
        assert!(encoding_for_label("klingon").is_none());
    }

    #[test]
    fn bom_wins_and_is_stripped() {
        let mut bytes = vec![0xEF, 0xBB, 0xBF];
        bytes.extend_from_slice("(;PB[黄龙士])".as_bytes());
        let d = decode(&bytes, None);
        assert_eq!(d.step, DecodeStep::Bom);
        assert_eq!(d.text, "(;PB[黄龙士])");
    }

    #[test]
    fn gbk_name_with_backslash_second_byte_survives() {
        // 淺 is 0x9C 0x5C in GBK: its second byte is '\\'.
        let (bytes, _, _) = GBK.encode("(;CA[GB2312]PB[淺]PW[范西屏])");
        assert!(bytes.contains(&b'\\'));
        let d = decode(&bytes, None);
        assert_eq!(d.step, DecodeStep::CaProperty);
        assert!(d.text.contains("PB[淺]PW[范西屏]"));
        // 表 and 十 end in 0x5C in Shift_JIS; 因 ends in 0x5D (']') in Big5.
        let (bytes, _, _) = SHIFT_JIS.encode("(;CA[SJIS]PB[十段表]RE[白中押し勝ち])");
        assert!(decode(&bytes, None).text.contains("PB[十段表]RE["));
        let (bytes, _, _) = BIG5.encode("(;CA[Big5]PB[林因]PW[吳清源])");
        assert!(bytes.contains(&b']'));
        assert!(decode(&bytes, None).text.contains("PB[林因]PW[吳清源]"));
    }

    #[test]
    fn shift_jis_without_ca_is_detected() {
        let (bytes, _, _) = SHIFT_JIS.encode("(;PB[本因坊秀策]PW[井上幻庵因碩]C[黒の中押し勝ち。秀策の耳赤の一手で有名な対局です。])");
        let d = decode(&bytes, None);
        assert_eq!(d.step, DecodeStep::Detected);
        assert_eq!(d.encoding, SHIFT_JIS);
        assert!(d.text.contains("本因坊秀策"));
    }

    #[test]
    fn gbk_without_ca_is_detected() {
        let (bytes, _, _) =
            GBK.encode("(;PB[黄龙士]PW[周东侯]C[黑胜一路。此局为清代名局,双方共下三百二十二着。])");
        let d = decode(&bytes, None);
        assert_eq!(d.step, DecodeStep::Detected);
        assert!(d.encoding == GBK || d.encoding == GB18030);
        assert!(d.text.contains("黄龙士"));
    }

    #[test]
    fn wrong_ca_is_overruled_and_said_so() {
        let d = decode("(;CA[ISO-8859-1]PB[Cho Hun-hyeon 조훈현])".as_bytes(), None);
        assert_eq!(d.step, DecodeStep::Utf8);
        assert!(d.note.unwrap().contains("overruled"));
        let (bytes, _, _) = GBK.encode("(;CA[UTF-8]PB[聂卫平]C[黑中盘胜])");
        let d = decode(&bytes, None);
        assert_eq!(d.step, DecodeStep::Detected);
        assert!(d.text.contains("聂卫平"));
    }

    #[test]
    fn short_file_takes_the_archive_vote() {
        let (bytes, _, _) = BIG5.encode("(;PB[林海峰])");
        let d = decode(&bytes, Some(BIG5));
        assert_eq!(d.step, DecodeStep::ArchiveVote);
        assert_eq!(d.text, "(;PB[林海峰])");
    }
}
