use clap::error::ErrorKind;

fn main() {
    let matches = match gamebounds::cli::command().try_get_matches() {
        Ok(matches) => matches,
        Err(e)
            if matches!(
                e.kind(),
                ErrorKind::DisplayHelp
                    | ErrorKind::DisplayVersion
                    | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
            ) =>
        {
            e.exit()
        }
        Err(e) => {
            // Bad arguments: clap's first line only (`error: …`), exit 2, like every other
            // bad input.
            let text = e.render().to_string();
            let line = text
                .lines()
                .find(|l| !l.trim().is_empty())
                .unwrap_or("error");
            eprintln!("{line}");
            std::process::exit(2);
        }
    };
    gamebounds::interrupt::install();
    if let Err(err) = gamebounds::cli::run(&matches) {
        // One line: the whole context chain, outermost first.
        eprintln!("error: {err:#}");
        std::process::exit(gamebounds::error::exit_code(&err));
    }
}
