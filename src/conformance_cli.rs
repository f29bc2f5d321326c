//! `scorespec corpus export` and `scorespec conformance`: argument parsing
//! and printing over `scorespec::corpus` and `scorespec::conformance`.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::{Args, Subcommand};
use scorespec::conformance::{self, GenerateOptions, Known, Selection};
use scorespec::corpus;

/// `scorespec corpus …`.
#[derive(Subcommand)]
pub enum CorpusCmd {
    /// Print every conformance case as one JSON line after a header line
    /// (schema: conformance/README.md, "Export"), in a stable order.
    Export {
        /// Only the cases of this family (qa, math, …).
        #[arg(long)]
        family: Option<String>,
        /// The output format (only jsonl).
        #[arg(long, default_value = "jsonl", value_parser = ["jsonl"])]
        format: String,
        /// The corpus directory; default: the conformance/ directory of the
        /// source tree this binary was built from.
        #[arg(long, default_value = corpus::DEFAULT_DIR)]
        dir: PathBuf,
    },
}

/// `scorespec conformance`.
#[derive(Args)]
pub struct ConformanceArgs {
    /// The implementation: a command run once with `sh -c`, speaking the
    /// JSONL protocol of `scorespec run` on its standard input and output.
    #[arg(long = "impl")]
    implementation: String,
    /// Only the cases of this family (repeatable).
    #[arg(long)]
    family: Vec<String>,
    /// Only the cases of this function, e.g. text.porter_stem (repeatable).
    #[arg(long = "fn")]
    function: Vec<String>,
    /// Skip the cases that pass this argument, e.g. an option the
    /// implementation does not have (repeatable).
    #[arg(long)]
    without_arg: Vec<String>,
    /// Compare only this key of expected objects, e.g. `equal` (repeatable).
    #[arg(long = "key")]
    keys: Vec<String>,
    /// The known-differences file (TOML, conformance/README.md "Known differences").
    #[arg(long)]
    known: Option<PathBuf>,
    /// Print the whole report as JSON.
    #[arg(long)]
    json: bool,
    /// The longest wait for one answer, in milliseconds; the implementation is
    /// killed when it is exceeded.
    #[arg(long, default_value_t = 10_000)]
    timeout_ms: u64,
    /// An error case agrees with an error of any kind (for implementations
    /// whose error kinds are their own, like Python exception names).
    #[arg(long)]
    any_error_kind: bool,
    /// Instead of the corpus cases, generate this many inputs by mutating
    /// them, and report (shrunk) where the implementation and scorespec disagree.
    #[arg(long)]
    generate: Option<usize>,
    /// The seed of --generate.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// The corpus directory (default: this source tree's conformance/).
    #[arg(long, default_value = corpus::DEFAULT_DIR)]
    dir: PathBuf,
}

fn load(dir: &std::path::Path) -> Result<corpus::Corpus, ExitCode> {
    corpus::load(dir).map_err(|problems| {
        eprintln!("scorespec: the corpus in {} failed to load:", dir.display());
        for p in problems {
            eprintln!("  {p}");
        }
        ExitCode::from(2)
    })
}

/// Runs `scorespec corpus …`.
pub fn corpus_cmd(cmd: CorpusCmd) -> io::Result<ExitCode> {
    match export(cmd) {
        // `scorespec corpus export | head` is not an error.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(ExitCode::SUCCESS),
        other => other,
    }
}

fn export(cmd: CorpusCmd) -> io::Result<ExitCode> {
    let CorpusCmd::Export { family, dir, .. } = cmd;
    let corpus = match load(&dir) {
        Ok(c) => c,
        Err(code) => return Ok(code),
    };
    let mut out = io::BufWriter::new(io::stdout().lock());
    serde_json::to_writer(&mut out, &corpus::export_header(&corpus, family.as_deref()))?;
    writeln!(out)?;
    for (file, case) in corpus.cases() {
        if family.as_deref().is_none_or(|f| file.family() == f) {
            serde_json::to_writer(&mut out, &corpus::export_case(file, case))?;
            writeln!(out)?;
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// Runs `scorespec conformance`: exit 0 when it passes, 1 on an unknown or
/// stale disagreement, 2 when the implementation broke the protocol.
pub fn conformance_cmd(a: ConformanceArgs) -> io::Result<ExitCode> {
    let corpus = match load(&a.dir) {
        Ok(c) => c,
        Err(code) => return Ok(code),
    };
    let selection = Selection {
        families: a.family,
        functions: a.function,
        without_args: a.without_arg,
        keys: a.keys,
    };
    let budget = Duration::from_millis(a.timeout_ms);
    let mut out = io::stdout().lock();
    if let Some(count) = a.generate {
        let opts = GenerateOptions {
            count,
            seed: a.seed,
            budget,
            max_shrunk: 20,
            max_rounds: 60,
        };
        return match conformance::generate(&a.implementation, &corpus, &selection, &opts) {
            Ok(report) => {
                let differ: usize = report.disagreements.values().sum();
                show(&mut out, a.json, &report, &report.render(), differ == 0)
            }
            Err(e) => Ok(harness_error(e)),
        };
    }
    let known = match &a.known {
        Some(p) => match Known::read(p) {
            Ok(k) => k,
            Err(e) => {
                eprintln!("scorespec: --known: {e}");
                return Ok(ExitCode::from(2));
            }
        },
        None => Known::default(),
    };
    let report = match conformance::check_impl(
        &a.implementation,
        &corpus,
        &selection,
        &known,
        budget,
        a.any_error_kind,
    ) {
        Ok(r) => r,
        Err(e) => return Ok(harness_error(e)),
    };
    show(&mut out, a.json, &report, &report.render(), report.pass)
}

/// Exit status 2 for a run that could not be made (the implementation
/// crashed, hung, answered out of order…), with the reason on stderr.
fn harness_error(e: impl std::fmt::Display) -> ExitCode {
    eprintln!("scorespec: {e}");
    ExitCode::from(2)
}

/// Prints a report as JSON or as its text; exit 0 when it passed, else 1.
fn show(
    out: &mut impl Write,
    json: bool,
    report: &impl serde::Serialize,
    text: &str,
    pass: bool,
) -> io::Result<ExitCode> {
    if json {
        serde_json::to_writer_pretty(&mut *out, report)?;
        writeln!(out)?;
    } else {
        write!(out, "{text}")?;
    }
    Ok(if pass {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
