use clap::error::ErrorKind;

/// `gamebounds … | head -1`: a closed pipe ends the program quietly, as it ends any Unix
/// filter (Rust ignores SIGPIPE, so the next print would panic instead).
#[cfg(unix)]
fn quiet_on_closed_pipe() {
    extern "C" {
        fn signal(signum: i32, handler: usize) -> usize;
    }
    const SIGPIPE: i32 = 13;
    const SIG_DFL: usize = 0;
    // SAFETY: restoring the default action of one signal, before any thread starts.
    unsafe {
        signal(SIGPIPE, SIG_DFL);
    }
}

#[cfg(not(unix))]
fn quiet_on_closed_pipe() {}

fn main() {
    quiet_on_closed_pipe();
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
            // Bad arguments: clap's whole message (the argument missing, the values
            // allowed, a similar name, the usage line), each line's long words cut, exit 2
            // like every other bad input.
            let text = e.render().to_string();
            for line in text.trim_end().lines() {
                eprintln!("{}", gamebounds::error::cut_line(line));
            }
            std::process::exit(2);
        }
    };
    gamebounds::interrupt::install();
    if let Err(err) = gamebounds::cli::run(&matches) {
        // One line: the whole context chain, outermost first, hostile echoes cut.
        eprintln!("error: {}", gamebounds::error::one_line(&err));
        std::process::exit(gamebounds::error::exit_code(&err));
    }
}
