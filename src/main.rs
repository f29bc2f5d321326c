//! The `scorespec` command line: a thin layer over the library.
#![forbid(unsafe_code)]

use std::fs::File;
use std::io::{self, BufReader, BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
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
    /// List every registered spec function with its arguments and defaults.
    List {
        /// Print the list as JSON.
        #[arg(long)]
        json: bool,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Run {
            file,
            output,
            max_line_bytes,
        } => run(&file, output, Limits { max_line_bytes }),
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
    let out: Box<dyn Write> = match &output {
        Some(path) => Box::new(
            File::create(path)
                .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?,
        ),
        None => Box::new(io::stdout().lock()),
    };
    let out = BufWriter::new(out);
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
                        "default": match p.default {
                            ParamDefault::Required => serde_json::Value::Null,
                            ParamDefault::Bool(b) => b.into(),
                        },
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
                ParamDefault::Bool(b) => format!("default {b}"),
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
