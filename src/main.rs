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

#[derive(Clone, Copy, clap::ValueEnum)]
enum TaskArg {
    /// Word puzzles: typos, connections, unscrambling (document 001).
    Puzzles,
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
            max_line_bytes,
        } => eval(task, &file, output, summary, max_line_bytes),
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

fn eval(
    task: TaskArg,
    file: &str,
    output: Option<PathBuf>,
    summary_path: Option<PathBuf>,
    max_line_bytes: usize,
) -> io::Result<ExitCode> {
    let task = match task {
        TaskArg::Puzzles => eval::Task::Puzzles,
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
