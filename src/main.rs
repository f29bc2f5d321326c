//! The `scorespec` command line: a thin layer over the library.
#![forbid(unsafe_code)]

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use scorespec::eval;
use scorespec::protocol::{self, Limits};
use scorespec::registry::{self, Default as ParamDefault};

// `scorespec bench`: in-process timing of spec-function calls.
mod bench;

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
        #[arg(long)]
        gold: String,
        /// The model's response (its answer is extracted: `\boxed{}`, "the answer is", …).
        #[arg(long)]
        pred: String,
        /// Explain the verdict in words instead of printing the JSON.
        #[arg(long)]
        explain: bool,
        /// Options of math.grade as a JSON object, e.g. '{"compare_sets": true, "strict": false}'.
        #[arg(long, default_value = "{}")]
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
        /// Counted rounds per case (one more warm-up round is not counted).
        #[arg(long, default_value_t = 11)]
        rounds: usize,
    },
    /// List every registered spec function with its arguments and defaults.
    List {
        /// Print the list as JSON.
        #[arg(long)]
        json: bool,
    },
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
        Command::Bench {
            file,
            function,
            rounds,
        } => bench_cmd(&file, function.as_deref(), rounds),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("scorespec: {e}");
            ExitCode::from(2)
        }
    }
}

fn run(file: &str, output: Option<PathBuf>, limits: Limits) -> io::Result<ExitCode> {
    let out = BufWriter::new(open_output(&output)?);
    let summary = if file == "-" {
        protocol::run(io::stdin().lock(), out, &limits)?
    } else {
        let f = File::open(file).map_err(|e| io::Error::new(e.kind(), format!("{file}: {e}")))?;
        protocol::run(BufReader::new(f), out, &limits)?
    };
    if summary.errors > 0 {
        eprintln!(
            "scorespec: {} lines, {} ok, {} errors",
            summary.lines, summary.ok, summary.errors
        );
    }
    Ok(ExitCode::SUCCESS)
}

fn open_output(output: &Option<PathBuf>) -> io::Result<Box<dyn Write>> {
    Ok(match output {
        Some(path) => Box::new(
            File::create(path)
                .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?,
        ),
        None => Box::new(io::stdout().lock()),
    })
}

fn grade(gold: &str, pred: &str, explain: bool, options: &str) -> io::Result<ExitCode> {
    let opts = match parse_options(options) {
        Ok(o) => o,
        Err(code) => return Ok(code),
    };
    let g = scorespec::score::math::grade::grade(gold, pred, &opts);
    let mut out = io::stdout().lock();
    if explain {
        let show = |e: &Option<scorespec::score::math::extract::Located>| match e {
            Some(e) => format!(
                "{:?}  (found by {}, bytes {}..{})",
                e.answer, e.how, e.span.0, e.span.1
            ),
            None => "none found".to_string(),
        };
        let v = &g.verdict;
        writeln!(out, "gold answer:     {}", show(&g.gold_extracted))?;
        writeln!(out, "response answer: {}", show(&g.response_extracted))?;
        writeln!(out, "compared:        {:?}", v.reference_normalized)?;
        writeln!(out, "           with: {:?}", v.prediction_normalized)?;
        writeln!(
            out,
            "verdict:         {} (rule {}; spec/math.md)",
            v.outcome.as_str(),
            v.rule
        )?;
        if let Some(reason) = g.reason {
            writeln!(out, "reason:          {reason}")?;
        }
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
    let out = BufWriter::new(open_output(&output)?);
    let (input, size): (Box<dyn BufRead>, Option<u64>) = if file == "-" {
        (Box::new(io::stdin().lock()), None)
    } else {
        let f = File::open(file).map_err(|e| io::Error::new(e.kind(), format!("{file}: {e}")))?;
        let size = f.metadata().ok().map(|m| m.len());
        (Box::new(BufReader::with_capacity(1 << 20, f)), size)
    };
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
            let summary = eval::math::run(input, out, &opts, max_line_bytes, progress)?;
            bar.finish_and_clear();
            print_math_summary(&summary)?;
            serde_json::to_value(&summary)?
        }
        _ => {
            let summary = eval::run(input, out, eval::Task::Puzzles, max_line_bytes, progress)?;
            bar.finish_and_clear();
            print_puzzles_summary(&summary)?;
            serde_json::to_value(&summary)?
        }
    };
    if let Some(path) = summary_path {
        let f = File::create(&path)
            .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
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
    let report = if file == "-" {
        bench::run(io::stdin().lock(), function, rounds)?
    } else {
        let f = File::open(file).map_err(|e| io::Error::new(e.kind(), format!("{file}: {e}")))?;
        bench::run(BufReader::new(f), function, rounds)?
    };
    let mut out = io::stdout().lock();
    serde_json::to_writer_pretty(&mut out, &report)?;
    writeln!(out)?;
    Ok(ExitCode::SUCCESS)
}

fn open_input(file: &str) -> io::Result<(Box<dyn BufRead>, Option<u64>)> {
    Ok(if file == "-" {
        (Box::new(io::stdin().lock()), None)
    } else {
        let f = File::open(file).map_err(|e| io::Error::new(e.kind(), format!("{file}: {e}")))?;
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
    let (input, size) = open_input(file)?;
    let evaluated_out = match &evaluated {
        Some(p) => Some(BufWriter::new(File::create(p).map_err(|e| {
            io::Error::new(e.kind(), format!("{}: {e}", p.display()))
        })?)),
        None => None,
    };
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
    })?;
    bar.finish_and_clear();
    let mut out = BufWriter::new(open_output(&output)?);
    serde_json::to_writer_pretty(&mut out, &metrics)?;
    writeln!(out)?;
    out.flush()?;
    if let Some(path) = summary_path {
        let f = File::create(&path)
            .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
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
    let mut out = io::stdout().lock();
    if json {
        let fns: Vec<_> = registry::all()
            .iter()
            .map(|f| {
                serde_json::json!({
                    "id": f.id,
                    "doc": f.doc,
                    "spec": f.spec,
                    "args": f.params.iter().map(|p| serde_json::json!({
                        "name": p.name,
                        "type": p.ty.describe(),
                        "default": p.default.to_json(),
                        "required": p.default == ParamDefault::Required,
                        "doc": p.doc,
                    })).collect::<Vec<_>>(),
                })
            })
            .collect();
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
