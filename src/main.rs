fn main() {
    let matches = gamebounds::cli::command().get_matches();
    if let Err(err) = gamebounds::cli::run(&matches) {
        // One line: the whole context chain, outermost first.
        eprintln!("error: {err:#}");
        std::process::exit(gamebounds::error::exit_code(&err));
    }
}
