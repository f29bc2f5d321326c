//! The house explains itself (issue 12, item 7): the checks that keep the
//! documentation of the code true.
//!
//! * Every `spec/PAGE.md#anchor` link in the code and the READMEs resolves:
//!   the page exists and has a heading whose GitHub anchor is `anchor`
//!   (GitHub's anchors: the heading text lower-cased, every character that is
//!   not a letter, a digit, `_`, `-` or a space removed, spaces turned into
//!   `-`; a repeated anchor gets `-1`, `-2`, …; headings inside code fences
//!   do not count).
//! * Every module of the layers that implement the documents (`src/expr`,
//!   `src/extract`, `src/score`, `src/text`) ends its module documentation
//!   with one section under the heading `# Differences with the document`:
//!   what it does otherwise than the document, the original code behind it,
//!   or the implementation it is measured against (or "None", with the
//!   evidence). The modules listed in [`EXEMPT`] implement nothing of a
//!   document.
//! * The README's layout names every top-level entry of `src/` and of the
//!   repository, and every path it names exists.
//! * The README's dependency section explains every dependency of the two
//!   manifests, and the two packages considered and not used.
//! * The README's conformance table counts the corpus: each row's number of
//!   corpus cases is the number of cases of the functions its first cell
//!   names (`qa.*` for a family).
//! * One idea per module (issue 12, item 4): no source file of `src/` holds
//!   more than [`MAX_FILE_CODE_LINES`] lines of code before its tests, and no
//!   function more than [`MAX_FN_LINES`] lines unless a comment just above it
//!   states why (a line starting with `Length:`).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The GitHub anchor of a heading's text.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | ' '))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The anchors of a Markdown page.
fn anchors(markdown: &str) -> BTreeSet<String> {
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let mut out = BTreeSet::new();
    let mut fenced = false;
    for line in markdown.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        let hashes = line.bytes().take_while(|&b| b == b'#').count();
        if !(1..=6).contains(&hashes) || !line[hashes..].starts_with(' ') {
            continue;
        }
        let text = line[hashes..].trim().trim_end_matches('#').trim_end();
        let base = slug(text);
        let n = seen.entry(base.clone()).or_default();
        out.insert(if *n == 0 {
            base.clone()
        } else {
            format!("{base}-{n}")
        });
        *n += 1;
    }
    out
}

/// The `spec/PAGE.md#anchor` links of a text, as (page, anchor).
fn links(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("spec/") {
        let after = &rest[at + "spec/".len()..];
        let page_len = after
            .bytes()
            .take_while(|b| b.is_ascii_lowercase() || *b == b'_')
            .count();
        let tail = &after[page_len..];
        if page_len > 0 && tail.starts_with(".md#") {
            let anchor: String = tail[".md#".len()..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-'))
                .collect();
            out.push((format!("{}.md", &after[..page_len]), anchor));
        }
        rest = after;
    }
    out
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(Result::ok)
        .map(|e| e.path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

#[test]
fn slugs_are_githubs() {
    assert_eq!(slug("Rules"), "rules");
    assert_eq!(slug("EX-5 Equivalence"), "ex-5-equivalence");
    assert_eq!(
        slug("Differences with the document's implementation"),
        "differences-with-the-documents-implementation"
    );
    assert_eq!(
        slug("Word puzzles: typos, connections (document 001)"),
        "word-puzzles-typos-connections-document-001"
    );
    assert_eq!(
        slug("`math.equal` and `sympy_oracle`"),
        "mathequal-and-sympy_oracle"
    );
    let page = "# A\n## Notes\n```\n## Not a heading\n```\n## Notes\n";
    assert_eq!(
        anchors(page),
        ["a", "notes", "notes-1"].map(String::from).into()
    );
    assert_eq!(
        links("see spec/math.md#equivalence and \"spec/qa.md#rules\"."),
        [
            ("math.md".to_string(), "equivalence".to_string()),
            ("qa.md".to_string(), "rules".to_string())
        ]
    );
}

#[test]
fn every_spec_link_resolves() {
    let root = root();
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    files.push(root.join("README.md"));
    files.push(root.join("conformance/README.md"));
    let mut pages: BTreeMap<String, Option<BTreeSet<String>>> = BTreeMap::new();
    let mut broken = Vec::new();
    let mut checked = 0;
    for file in &files {
        let text =
            std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        for (page, anchor) in links(&text) {
            checked += 1;
            let known = pages.entry(page.clone()).or_insert_with(|| {
                std::fs::read_to_string(root.join("spec").join(&page))
                    .ok()
                    .map(|t| anchors(&t))
            });
            let ok = known.as_ref().is_some_and(|a| a.contains(&anchor));
            if !ok {
                let rel = file.strip_prefix(&root).unwrap_or(file);
                broken.push(format!("{}: spec/{page}#{anchor}", rel.display()));
            }
        }
    }
    assert!(
        checked >= 30,
        "only {checked} spec links found: is the scan right?"
    );
    assert!(
        broken.is_empty(),
        "{} spec links do not resolve:\n  {}",
        broken.len(),
        broken.join("\n  ")
    );
}

const HEADING: &str = "# Differences with the document";

/// Modules without the section, and why.
const EXEMPT: &[(&str, &str)] = &[
    ("src/expr/mod.rs", "a facade: re-exports"),
    ("src/expr/parse/mod.rs", "a facade: re-exports"),
    ("src/score/mod.rs", "a facade: the families"),
    ("src/score/math/mod.rs", "a facade: the family's modules"),
    (
        "src/score/fredholm/mod.rs",
        "a facade: the family's modules",
    ),
    ("src/text/mod.rs", "a facade: the text modules"),
    ("src/expr/api.rs", "glue: parse by format"),
    ("src/expr/ast.rs", "the tree type"),
    ("src/expr/error.rs", "the error type"),
    ("src/expr/limits.rs", "the bounds type"),
    ("src/expr/number.rs", "exact numbers, no document algorithm"),
    (
        "src/score/math/rule.rs",
        "the names of the rules, no algorithm",
    ),
    (
        "src/text/unicode_tables.rs",
        "generated tables (scripts/gen_unicode_tables.py)",
    ),
];

/// The headings of a file's module documentation (`//! # …` lines, outside
/// code blocks).
fn module_doc_headings(source: &str) -> Vec<String> {
    let mut headings = Vec::new();
    let mut fenced = false;
    for line in source.lines().take_while(|l| l.starts_with("//!")) {
        let text = line.trim_start_matches("//!").trim_start();
        if text.starts_with("```") {
            fenced = !fenced;
        } else if !fenced && text.starts_with('#') {
            headings.push(text.trim_end().to_string());
        }
    }
    headings
}

#[test]
fn module_docs_end_with_the_differences() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in ["src/expr", "src/extract", "src/score", "src/text"] {
        rust_files(&root.join(dir), &mut files);
    }
    let mut problems = Vec::new();
    for file in &files {
        let rel = file
            .strip_prefix(&root)
            .unwrap_or(file)
            .to_string_lossy()
            .replace('\\', "/");
        if EXEMPT.iter().any(|(p, _)| *p == rel) {
            continue;
        }
        let source = std::fs::read_to_string(file).expect("source");
        let headings = module_doc_headings(&source);
        let differences: Vec<&String> = headings
            .iter()
            .filter(|h| h.to_lowercase().contains("differences"))
            .collect();
        if headings.last().map(String::as_str) != Some(HEADING) || differences.len() != 1 {
            problems.push(format!("{rel}: headings {headings:?}"));
        }
    }
    for (path, _) in EXEMPT {
        assert!(
            root.join(path).exists(),
            "exempt module {path} does not exist"
        );
    }
    assert!(
        problems.is_empty(),
        "module docs must end with one {HEADING:?} section:\n  {}",
        problems.join("\n  ")
    );
}

/// The paths the README's "Layout" block names: the first word of each
/// line that does not start with a space (`Cargo.toml,` lists several).
fn layout_paths(readme: &str) -> Vec<String> {
    let start = readme.find("## Layout").expect("a Layout section");
    let block = &readme[start..];
    let open = block.find("```\n").expect("a code block") + 4;
    let close = block[open..].find("```").expect("a closed code block") + open;
    let mut paths = Vec::new();
    for line in block[open..close].lines() {
        if line.starts_with(' ') || line.is_empty() {
            continue;
        }
        let first = line.split("  ").next().unwrap_or_default();
        paths.extend(
            first
                .split(", ")
                .map(|p| p.trim().trim_end_matches(',').to_string()),
        );
    }
    paths
}

#[test]
fn readme_layout_matches_the_tree() {
    let root = root();
    let readme = std::fs::read_to_string(root.join("README.md")).expect("README.md");
    let paths = layout_paths(&readme);
    let missing: Vec<&String> = paths
        .iter()
        .filter(|p| !root.join(p.trim_end_matches('/')).exists())
        .collect();
    assert!(
        missing.is_empty(),
        "the README's layout names paths that do not exist: {missing:?}"
    );
    let named = |entry: &str| {
        paths
            .iter()
            .any(|p| p.trim_end_matches('/') == entry || p.starts_with(&format!("{entry}/")))
    };
    let mut unnamed = Vec::new();
    for (dir, prefix) in [("src", "src/"), (".", "")] {
        for e in std::fs::read_dir(root.join(dir))
            .expect("a directory")
            .filter_map(Result::ok)
        {
            let name = e.file_name().to_string_lossy().into_owned();
            let is_dir = e.path().is_dir();
            // At the top: directories (hidden ones but .ci, and the build
            // directory, excluded) and the three files of a crate.
            if prefix.is_empty()
                && (name == "target"
                    || (name.starts_with('.') && name != ".ci")
                    || (!is_dir
                        && !["Cargo.toml", "Cargo.lock", "README.md"].contains(&name.as_str())))
            {
                continue;
            }
            let entry = format!("{prefix}{name}");
            if !named(&entry) {
                unnamed.push(entry);
            }
        }
    }
    unnamed.sort();
    assert!(
        unnamed.is_empty(),
        "the README's layout does not name: {unnamed:?}"
    );
}

/// The README's "Dependencies" section names every dependency of
/// `Cargo.toml` (and of the fuzz crate) with the reason it was chosen.
#[test]
fn readme_explains_every_dependency() {
    let root = root();
    let readme = std::fs::read_to_string(root.join("README.md")).expect("README.md");
    let start = readme
        .find("## Dependencies")
        .expect("a Dependencies section");
    let end = readme[start + 3..]
        .find("\n## ")
        .map_or(readme.len(), |i| i + start + 3);
    let section = &readme[start..end];
    let mut unexplained = Vec::new();
    for manifest in ["Cargo.toml", "fuzz/Cargo.toml"] {
        let text = std::fs::read_to_string(root.join(manifest)).expect("manifest");
        let doc: toml::Table = text.parse().expect("valid TOML");
        for table in ["dependencies", "dev-dependencies"] {
            for name in doc
                .get(table)
                .and_then(toml::Value::as_table)
                .into_iter()
                .flatten()
            {
                let name = name.0;
                if name != "scorespec" && !section.contains(&format!("`{name}`")) {
                    unexplained.push(format!("{manifest} [{table}] {name}"));
                }
            }
        }
    }
    assert!(
        unexplained.is_empty(),
        "dependencies the README does not explain: {unexplained:?}"
    );
    for considered in ["`quickcheck`", "`regex`"] {
        assert!(
            section.contains(considered),
            "{considered}: considered, not used"
        );
    }
}

/// The most lines of code (not blank, not a comment) a source file of `src/`
/// holds before its first `#[cfg(test)]` ("about 1,200" in issue 12, item 4).
const MAX_FILE_CODE_LINES: usize = 1_250;
/// The most lines a function of `src/` spans, signature to closing brace,
/// unless a comment in the lines just above it starts with `Length:` and
/// says why it is one function.
const MAX_FN_LINES: usize = 120;
/// Generated files (tables), exempt from the size limits.
const GENERATED: &[&str] = &["src/text/unicode_tables.rs"];

/// The lines of `source` before its first `#[cfg(test)]`.
fn before_tests(source: &str) -> Vec<&str> {
    source
        .lines()
        .take_while(|l| l.trim() != "#[cfg(test)]")
        .collect()
}

/// Functions longer than [`MAX_FN_LINES`] without a `Length:` comment:
/// `(first line, name, lines)`. A function is a line whose code starts with
/// `fn` (after `pub`, `pub(crate)`, `const`, `async`) and does not end in
/// `;`; it ends at the first later line that is its indentation and `}`.
fn long_functions(lines: &[&str]) -> Vec<(usize, String, usize)> {
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let code = line.trim_start();
        let indent = &line[..line.len() - code.len()];
        let mut rest = code;
        for prefix in ["pub(crate) ", "pub(super) ", "pub ", "const ", "async "] {
            rest = rest.strip_prefix(prefix).unwrap_or(rest);
        }
        let Some(sig) = rest.strip_prefix("fn ") else {
            continue;
        };
        if code.trim_end().ends_with(';') {
            continue;
        }
        let name: String = sig
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let close = format!("{indent}}}");
        let Some(len) = lines[i + 1..].iter().position(|l| *l == close) else {
            continue;
        };
        let span = len + 2;
        if span <= MAX_FN_LINES {
            continue;
        }
        let reason = lines[i.saturating_sub(20)..i].iter().any(|l| {
            let t = l.trim_start();
            t.strip_prefix("///")
                .or_else(|| t.strip_prefix("//"))
                .is_some_and(|c| c.trim_start().starts_with("Length:"))
        });
        if !reason {
            out.push((i + 1, name, span));
        }
    }
    out
}

#[test]
fn one_idea_per_module() {
    let mut files = Vec::new();
    rust_files(&root().join("src"), &mut files);
    let mut faults = Vec::new();
    for path in files {
        let rel = path
            .strip_prefix(root())
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        if GENERATED.contains(&rel.as_str()) {
            continue;
        }
        let source = std::fs::read_to_string(&path).unwrap();
        let lines = before_tests(&source);
        let code = lines
            .iter()
            .filter(|l| {
                let t = l.trim();
                !t.is_empty() && !t.starts_with("//")
            })
            .count();
        if code > MAX_FILE_CODE_LINES {
            faults.push(format!(
                "{rel}: {code} lines of code (at most {MAX_FILE_CODE_LINES}): split it along its seams"
            ));
        }
        for (line, name, span) in long_functions(&lines) {
            faults.push(format!(
                "{rel}:{line}: fn {name} spans {span} lines (at most {MAX_FN_LINES}, or a `// Length:` comment saying why)"
            ));
        }
    }
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

#[test]
fn long_functions_are_found() {
    let body = "    x();\n".repeat(MAX_FN_LINES);
    let long = format!("fn big() {{\n{body}}}\n");
    let lines: Vec<&str> = long.lines().collect();
    assert_eq!(
        long_functions(&lines),
        vec![(1, "big".to_string(), MAX_FN_LINES + 2)]
    );
    let explained = format!("// Length: one table of cases.\n{long}");
    let lines: Vec<&str> = explained.lines().collect();
    assert!(long_functions(&lines).is_empty());
    let short = format!("pub(crate) fn small() {{\n{}}}\n", "    x();\n".repeat(10));
    let lines: Vec<&str> = short.lines().collect();
    assert!(long_functions(&lines).is_empty());
}

/// The functions a cell names in backticks (`qa.*`, `text.porter_stem`).
fn named_functions(cell: &str) -> Vec<String> {
    cell.split('`')
        .skip(1)
        .step_by(2)
        .filter(|n| n.contains('.'))
        .map(str::to_string)
        .collect()
}

#[test]
fn readme_corpus_counts_are_the_corpus() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let corpus = scorespec::corpus::load(&root().join("conformance")).unwrap();
    let table = readme
        .split("## Conformance and differential figures")
        .nth(1)
        .expect("the conformance section");
    let mut rows = 0;
    for line in table.lines().skip_while(|l| !l.starts_with('|')) {
        if !line.starts_with('|') {
            break;
        }
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let (Some(name), Some(count)) = (cells.get(1), cells.get(2)) else {
            continue;
        };
        let Ok(count) = count.replace(',', "").parse::<usize>() else {
            continue;
        };
        let names = named_functions(name);
        assert!(!names.is_empty(), "{line}");
        let n = corpus
            .cases()
            .filter(|(f, _)| {
                names.iter().any(|n| match n.strip_suffix(".*") {
                    Some(family) => f.family() == family,
                    None => &f.function == n,
                })
            })
            .count();
        assert_eq!(
            n, count,
            "README conformance row {name:?}: {count} cases, the corpus has {n}"
        );
        rows += 1;
    }
    assert!(rows >= 6, "{rows} rows read");
}
