use clap::Parser;

fn main() {
    let cli = gamebounds::cli::Cli::parse();
    if let Err(err) = gamebounds::cli::run(cli) {
        // One line: the whole context chain, outermost first.
        eprintln!("error: {err:#}");
        std::process::exit(gamebounds::error::exit_code(&err));
    }
}
