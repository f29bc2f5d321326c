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
    /// Score dataset rows (JSONL) for a task; per-row results as JSONL, a summary on stderr.
    Eval {
        /// The task: `puzzles` (rows {data_source, model_output, extra_info: {label}}).
        #[arg(long, value_enum)]
        task: TaskArg,
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
    /// List every registered spec function with its arguments and defaults.
    List {
        /// Print the list as JSON.
        #[arg(long)]
        json: bool,
    },
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum TaskArg {
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
        Command::Eval {
            task,
            file,
            output,
            summary,
            evaluated,
            max_line_bytes,
        } => match task {
            TaskArg::Fredholm => eval_fredholm(&file, output, evaluated, summary, max_line_bytes),
            TaskArg::Puzzles => eval(eval::Task::Puzzles, &file, output, summary, max_line_bytes),
        },
        Command::List { json } => list(json),
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

fn eval(
    task: eval::Task,
    file: &str,
    output: Option<PathBuf>,
    summary_path: Option<PathBuf>,
    max_line_bytes: usize,
) -> io::Result<ExitCode> {
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
    let summary = eval::run(input, out, task, max_line_bytes, |n| bar.set_position(n))?;
    bar.finish_and_clear();
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
    if let Some(path) = summary_path {
        let f = File::create(&path)
            .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
        serde_json::to_writer_pretty(f, &summary)?;
    }
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
