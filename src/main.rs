//! The `scorespec` command line: a thin layer over the library.
#![forbid(unsafe_code)]

use std::cell::RefCell;
use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::rc::Rc;

use clap::{Parser, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use scorespec::eval;
use scorespec::protocol::{self, Limits};
use scorespec::registry::{self, Default as ParamDefault};

// `scorespec bench`: in-process timing of spec-function calls.
mod bench;
// `scorespec corpus export`, `scorespec conformance`.
mod conformance_cli;

/// Score LLM outputs against reference answers; the executable specification
/// of the algorithms in the design documents.
#[derive(Parser)]
#[command(name = "scorespec", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run spec functions over JSONL lines {"id","fn","args"}; one output line per input line.
    Run {
        /// Input file, or `-` (the default) for standard input.
        #[arg(default_value = "-")]
        file: String,
        /// Write the answers here instead of standard output.
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// The longest input line accepted, in bytes.
        #[arg(long, default_value_t = Limits::default().max_line_bytes)]
        max_line_bytes: usize,
    },
    /// Grade one response against a gold answer (math, document 004) and print the verdict.
    ///
    /// Exit status 0 when the answers are equal, 1 when they are not (or no
    /// answer was found), 2 on a usage error.
    Grade {
        /// The gold answer: a bare answer (`\frac{1}{2}`) or a solution text with `\boxed{}`.
        /// A value starting with `-` is a value (`--gold -5`).
        #[arg(long, allow_hyphen_values = true)]
        gold: String,
        /// The model's response (its answer is extracted: `\boxed{}`, "the answer is", …).
        #[arg(long, allow_hyphen_values = true)]
        pred: String,
        /// Explain the verdict in words instead of printing the JSON.
        #[arg(long)]
        explain: bool,
        /// Options of math.grade as a JSON object, e.g. '{"compare_sets": true, "strict": false}'.
        #[arg(long, default_value = "{}", allow_hyphen_values = true)]
        options: String,
    },
    /// Score dataset rows (JSONL) for a task; per-row results as JSONL, a summary on stderr.
    Eval {
        /// The task: `math` (rows {gold, response}), `puzzles` (rows {data_source, model_output,
        /// extra_info: {label}}), `fredholm` (the document's predictions JSONL).
        #[arg(long, value_enum)]
        task: TaskArg,
        /// Options of the task's grader as a JSON object (math: the options of math.grade,
        /// e.g. '{"strict": false}').
        #[arg(long, default_value = "{}")]
        options: String,
        /// Input file, or `-` for standard input.
        file: String,
        /// Write the per-row results here instead of standard output.
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// Also write the summary as JSON to this file.
        #[arg(long)]
        summary: Option<PathBuf>,
        /// fredholm: write the evaluated predictions (JSONL) here; `-o` is then the metrics JSON.
        #[arg(long)]
        evaluated: Option<PathBuf>,
        /// The longest input line accepted, in bytes.
        #[arg(long, default_value_t = Limits::default().max_line_bytes)]
        max_line_bytes: usize,
    },
    /// Time spec-function calls in-process over JSONL lines {"id","fn","args"}: per-case median
    /// over the rounds, then throughput and p50/p99/max as JSON.
    Bench {
        /// Input file, or `-` for standard input (lines without fn/args are skipped).
        file: String,
        /// Only time the lines that call this function.
        #[arg(long = "fn")]
        function: Option<String>,
        /// Counted rounds per case, 1 to 1000 (one more warm-up round is not counted).
        #[arg(long, default_value_t = 11, value_parser = parse_rounds)]
        rounds: u32,
    },
    /// The conformance corpus as data: `scorespec corpus export`.
    #[command(subcommand)]
    Corpus(conformance_cli::CorpusCmd),
    /// Check another implementation (a command speaking the JSONL protocol) against the corpus.
    Conformance(conformance_cli::ConformanceArgs),
    /// List every registered spec function with its arguments and defaults.
    List {
        /// Print the list as JSON.
        #[arg(long)]
        json: bool,
    },
}

/// `--rounds`: a whole number in 1..=[`bench::MAX_ROUNDS`], whatever its size.
fn parse_rounds(s: &str) -> Result<u32, String> {
    let max = bench::MAX_ROUNDS;
    let why = || format!("{s:?} is not a number of rounds in 1..={max}");
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return Err(why());
    }
    match s.trim_start_matches('0').len() {
        0 => Err(why()),
        n if n > 10 => Err(why()),
        _ => s
            .parse::<u64>()
            .ok()
            .filter(|&n| n <= u64::from(max))
            .map(|n| n as u32)
            .ok_or_else(why),
    }
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum TaskArg {
    /// Math answers: rows {gold, response} graded by math.grade (document 004).
    Math,
    /// Word puzzles: typos, connections, unscrambling (document 001).
    Puzzles,
    /// Fredholm predictions JSONL (document 003): `-o` gets the metrics JSON,
    /// `--evaluated` the evaluated predictions.
    Fredholm,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Run {
            file,
            output,
            max_line_bytes,
        } => run(&file, output, Limits { max_line_bytes }),
        Command::Grade {
            gold,
            pred,
            explain,
            options,
        } => grade(&gold, &pred, explain, &options),
        Command::Eval {
            task,
            options,
            file,
            output,
            summary,
            evaluated,
            max_line_bytes,
        } => match task {
            _ if task != TaskArg::Fredholm && evaluated.is_some() => {
                eprintln!("scorespec: --evaluated is an option of --task fredholm");
                Ok(ExitCode::from(2))
            }
            TaskArg::Fredholm if options.trim() != "{}" => {
                eprintln!("scorespec: --options: the fredholm task takes no options");
                Ok(ExitCode::from(2))
            }
            TaskArg::Fredholm => eval_fredholm(&file, output, evaluated, summary, max_line_bytes),
            _ => eval(task, &options, &file, output, summary, max_line_bytes),
        },
        Command::List { json } => list(json),
        Command::Corpus(cmd) => conformance_cli::corpus_cmd(cmd),
        Command::Conformance(args) => conformance_cli::conformance_cmd(args),
        Command::Bench {
            file,
            function,
            rounds,
        } => bench_cmd(&file, function.as_deref(), rounds as usize),
    };
    match result {
        Ok(code) => code,
        // A reader that stopped reading (`| head -1`): end quietly, as Unix
        // tools do (with success, like ripgrep: the reader got what it wanted).
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("scorespec: {e}");
            ExitCode::from(2)
        }
    }
}

/// Whether standard output was closed when the program started (`>&-`):
/// Rust's runtime then opens `/dev/null` read-write in its place, which a
/// shell redirection (`>/dev/null`, write-only) never does. Every result
/// would be lost while the run reports success, so the commands refuse it.
fn stdout_was_closed() -> bool {
    let is_null = std::fs::read_link("/proc/self/fd/1").is_ok_and(|p| p == *"/dev/null");
    is_null
        && std::fs::read_to_string("/proc/self/fdinfo/1").is_ok_and(|info| {
            info.lines()
                .find_map(|l| l.strip_prefix("flags:"))
                .and_then(|f| u32::from_str_radix(f.trim(), 8).ok())
                .is_some_and(|flags| flags & 0o3 == 0o2)
        })
}

/// Refuses to write results to standard output when it was closed from the
/// start (see [`stdout_was_closed`]).
fn check_stdout() -> io::Result<()> {
    if stdout_was_closed() {
        return Err(io::Error::other(
            "standard output is closed; the results would be lost (use -o FILE or redirect it)",
        ));
    }
    Ok(())
}

/// Refuses an output path that is the input file: creating it would empty
/// the input before it is read.
fn refuse_input_as_output(input: &str, outputs: &[(&str, &Option<PathBuf>)]) -> io::Result<()> {
    if input == "-" {
        return Ok(());
    }
    let Ok(inp) = std::fs::metadata(input) else {
        return Ok(());
    };
    for (flag, out) in outputs {
        let Some(path) = out else { continue };
        let same = std::fs::metadata(path).is_ok_and(|o| same_file(&inp, &o));
        if same {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!(
                    "{flag} {}: this is the input file; writing it would destroy the input",
                    path.display()
                ),
            ));
        }
    }
    Ok(())
}

#[cfg(unix)]
fn same_file(a: &std::fs::Metadata, b: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    a.dev() == b.dev() && a.ino() == b.ino()
}

#[cfg(not(unix))]
fn same_file(_: &std::fs::Metadata, _: &std::fs::Metadata) -> bool {
    false
}

/// Creates an output file, naming it in the error.
fn create(path: &PathBuf) -> io::Result<File> {
    File::create(path).map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))
}

/// Opens the input file, naming it in the error.
fn open_file(file: &str) -> io::Result<File> {
    File::open(file).map_err(|e| io::Error::new(e.kind(), format!("{file}: {e}")))
}

/// Names the input file in an error about its content (`FILE: line N: …`).
fn in_input(file: &str, e: io::Error) -> io::Error {
    if e.kind() == io::ErrorKind::InvalidData {
        let name = if file == "-" { "<stdin>" } else { file };
        io::Error::new(e.kind(), format!("{name}: {e}"))
    } else {
        e
    }
}

fn run(file: &str, output: Option<PathBuf>, limits: Limits) -> io::Result<ExitCode> {
    refuse_input_as_output(file, &[("-o", &output)])?;
    let input = if file == "-" {
        None
    } else {
        Some(open_file(file)?)
    };
    let out = BufWriter::new(open_output(&output)?);
    let summary = match input {
        None => {
            // Answers reach the caller before `run` waits for more input: a
            // caller that writes one request and waits for its answer (the
            // conformance harness, an adapter, a REPL) is never stuck behind
            // the output buffer.
            let out = Rc::new(RefCell::new(out));
            let stdin = FlushBeforeRead {
                inner: io::stdin(),
                out: Rc::clone(&out),
            };
            protocol::run(BufReader::new(stdin), SharedWriter(out), &limits)
        }
        Some(f) => protocol::run(BufReader::new(f), out, &limits),
    }
    .map_err(|e| in_input(file, e))?;
    if summary.errors > 0 {
        let name = if file == "-" { "<stdin>" } else { file };
        eprintln!(
            "scorespec: {name}: {} lines, {} ok, {} errors",
            summary.lines, summary.ok, summary.errors
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// A reader that flushes a writer before each read of its input, which is
/// when the reader may block waiting for the caller.
struct FlushBeforeRead<R, W: Write> {
    inner: R,
    out: Rc<RefCell<W>>,
}

impl<R: io::Read, W: Write> io::Read for FlushBeforeRead<R, W> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.out.borrow_mut().flush()?;
        self.inner.read(buf)
    }
}

/// The writer shared with a [`FlushBeforeRead`].
struct SharedWriter<W: Write>(Rc<RefCell<W>>);

impl<W: Write> Write for SharedWriter<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.borrow_mut().write(buf)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.0.borrow_mut().write_all(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.borrow_mut().flush()
    }
}

fn open_output(output: &Option<PathBuf>) -> io::Result<Box<dyn Write>> {
    Ok(match output {
        Some(path) => Box::new(create(path)?),
        None => {
            check_stdout()?;
            Box::new(io::stdout().lock())
        }
    })
}

fn grade(gold: &str, pred: &str, explain: bool, options: &str) -> io::Result<ExitCode> {
    let opts = match parse_options(options) {
        Ok(o) => o,
        Err(code) => return Ok(code),
    };
    // No check of a closed standard output here: the exit status is the
    // verdict (callers discard the printout and read the status).
    let g = scorespec::score::math::grade::grade(gold, pred, &opts);
    let mut out = io::stdout().lock();
    if explain {
        write!(out, "{}", eval::math::explain(&g))?;
    } else {
        serde_json::to_writer_pretty(&mut out, &g)?;
        writeln!(out)?;
    }
    Ok(if g.verdict.equal {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// Reads `--options` for math; a bad value is reported and gives exit status 2.
fn parse_options(options: &str) -> Result<scorespec::score::math::grade::GradeOptions, ExitCode> {
    let parsed = serde_json::from_str::<serde_json::Value>(options)
        .map_err(|e| e.to_string())
        .and_then(|v| registry::grade_options(&v).map_err(|e| e.to_string()));
    parsed.map_err(|e| {
        eprintln!("scorespec: --options: {e}");
        ExitCode::from(2)
    })
}

fn eval(
    task: TaskArg,
    options: &str,
    file: &str,
    output: Option<PathBuf>,
    summary_path: Option<PathBuf>,
    max_line_bytes: usize,
) -> io::Result<ExitCode> {
    let math_opts = match task {
        TaskArg::Math => match parse_options(options) {
            Ok(o) => Some(o),
            Err(code) => return Ok(code),
        },
        _ if options.trim() != "{}" => {
            eprintln!("scorespec: --options: this task takes no options");
            return Ok(ExitCode::from(2));
        }
        _ => None,
    };
    refuse_input_as_output(file, &[("-o", &output), ("--summary", &summary_path)])?;
    let (input, size) = open_input(file)?;
    // Every output is opened (and fails) before any work.
    let out = BufWriter::new(open_output(&output)?);
    let summary_file = summary_path.as_ref().map(create).transpose()?;
    // indicatif draws only when stderr is a terminal.
    let bar = match size {
        Some(n) => ProgressBar::new(n).with_style(
            ProgressStyle::with_template("{bar:40} {bytes}/{total_bytes} {elapsed} eta {eta}")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        ),
        None => ProgressBar::new_spinner(),
    };
    let progress = |n| bar.set_position(n);
    let summary_json = match (task, math_opts) {
        (TaskArg::Math, Some(opts)) => {
            let summary = eval::math::run(input, out, &opts, max_line_bytes, progress)
                .map_err(|e| in_input(file, e))?;
            bar.finish_and_clear();
            print_math_summary(&summary)?;
            serde_json::to_value(&summary)?
        }
        _ => {
            let summary = eval::run(input, out, eval::Task::Puzzles, max_line_bytes, progress)
                .map_err(|e| in_input(file, e))?;
            bar.finish_and_clear();
            print_puzzles_summary(&summary)?;
            serde_json::to_value(&summary)?
        }
    };
    if let Some(f) = summary_file {
        serde_json::to_writer_pretty(f, &summary_json)?;
    }
    Ok(ExitCode::SUCCESS)
}

fn print_math_summary(summary: &eval::math::MathSummary) -> io::Result<()> {
    let mut err = io::stderr().lock();
    writeln!(
        err,
        "{} lines: {} graded, {} errors",
        summary.lines, summary.graded, summary.errors
    )?;
    for (kind, n) in &summary.error_kinds {
        writeln!(err, "  error {kind}: {n}")?;
    }
    writeln!(
        err,
        "accuracy {:.4} ({} of {} graded rows equal)",
        summary.accuracy, summary.equal, summary.graded
    )?;
    for (outcome, n) in &summary.outcomes {
        writeln!(err, "  {outcome:<16} {n:>8}")?;
    }
    Ok(())
}

fn print_puzzles_summary(summary: &eval::Summary) -> io::Result<()> {
    let mut err = io::stderr().lock();
    writeln!(
        err,
        "{} lines: {} scored, {} errors",
        summary.lines, summary.scored, summary.errors
    )?;
    for (kind, n) in &summary.error_kinds {
        writeln!(err, "  error {kind}: {n}")?;
    }
    writeln!(
        err,
        "{:<14} {:>8} {:>8} {:>8} {:>8}  histogram [0,0.1) … [0.9,1]",
        "data_source", "count", "mean", "zeros", "ones"
    )?;
    for (source, st) in &summary.per_source {
        let hist: Vec<String> = st.histogram.iter().map(u64::to_string).collect();
        writeln!(
            err,
            "{source:<14} {:>8} {:>8.4} {:>8} {:>8}  {}",
            st.count,
            st.mean,
            st.zeros,
            st.ones,
            hist.join(" ")
        )?;
    }
    Ok(())
}

fn bench_cmd(file: &str, function: Option<&str>, rounds: usize) -> io::Result<ExitCode> {
    check_stdout()?;
    let report = if file == "-" {
        bench::run(io::stdin().lock(), function, rounds)
    } else {
        bench::run(BufReader::new(open_file(file)?), function, rounds)
    }
    .map_err(|e| in_input(file, e))?;
    let mut out = io::stdout().lock();
    serde_json::to_writer_pretty(&mut out, &report)?;
    writeln!(out)?;
    Ok(ExitCode::SUCCESS)
}

fn open_input(file: &str) -> io::Result<(Box<dyn BufRead>, Option<u64>)> {
    Ok(if file == "-" {
        (Box::new(io::stdin().lock()), None)
    } else {
        let f = open_file(file)?;
        let size = f.metadata().ok().map(|m| m.len());
        (Box::new(BufReader::with_capacity(1 << 20, f)), size)
    })
}

/// `eval --task fredholm`: the metrics JSON to `-o` (or standard output),
/// the evaluated predictions to `--evaluated`, a summary line on stderr.
fn eval_fredholm(
    file: &str,
    output: Option<PathBuf>,
    evaluated: Option<PathBuf>,
    summary_path: Option<PathBuf>,
    max_line_bytes: usize,
) -> io::Result<ExitCode> {
    refuse_input_as_output(
        file,
        &[
            ("-o", &output),
            ("--evaluated", &evaluated),
            ("--summary", &summary_path),
        ],
    )?;
    let (input, size) = open_input(file)?;
    // Every output is opened (and fails) before any work.
    let mut out = BufWriter::new(open_output(&output)?);
    let evaluated_out = evaluated
        .as_ref()
        .map(create)
        .transpose()?
        .map(BufWriter::new);
    let summary_file = summary_path.as_ref().map(create).transpose()?;
    let bar = match size {
        Some(n) => ProgressBar::new(n).with_style(
            ProgressStyle::with_template("{bar:40} {bytes}/{total_bytes} {elapsed} eta {eta}")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        ),
        None => ProgressBar::new_spinner(),
    };
    let opts = scorespec::score::fredholm::evaluate::EvalOptions::default();
    let metrics = eval::fredholm::run(input, evaluated_out, &opts, max_line_bytes, |n| {
        bar.set_position(n)
    })
    .map_err(|e| in_input(file, e))?;
    bar.finish_and_clear();
    serde_json::to_writer_pretty(&mut out, &metrics)?;
    writeln!(out)?;
    out.flush()?;
    if let Some(f) = summary_file {
        serde_json::to_writer_pretty(f, &metrics)?;
    }
    let n = |k: &str| metrics[k].as_u64().unwrap_or(0);
    eprintln!(
        "{} predictions: {} correct (accuracy {}), {} parse errors, {} api errors, {} invalid lines",
        n("total"),
        n("correct"),
        metrics["accuracy"],
        n("parse_errors"),
        n("api_errors"),
        n("invalid_rows")
    );
    Ok(ExitCode::SUCCESS)
}

fn list(json: bool) -> io::Result<ExitCode> {
    check_stdout()?;
    let mut out = io::stdout().lock();
    if json {
        let fns = registry::list_json();
        serde_json::to_writer_pretty(&mut out, &fns)?;
        writeln!(out)?;
        return Ok(ExitCode::SUCCESS);
    }
    for f in registry::all() {
        writeln!(out, "{}  {}", f.id, f.doc)?;
        for p in f.params {
            let default = match p.default {
                ParamDefault::Required => "required".to_string(),
                other => format!("default {}", other.to_json()),
            };
            writeln!(
                out,
                "    {:<24}{:<32}{:<16}{}",
                p.name,
                p.ty.describe(),
                default,
                p.doc
            )?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
