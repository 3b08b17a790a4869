//! The process exit codes (docs/output.md, "Exit codes"), decided in one place
//! ([`crate::Report::exit_code`]).

/// How a call ended, as a process exit status.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ExitCode {
    /// 0: everything asked for was found.
    Success = 0,
    /// 1: something was not found, a selector was malformed, or a file failed
    /// (partial results are still printed).
    Failure = 1,
    /// 2: a usage error (bad flag, no files, no arguments).
    Usage = 2,
}

impl ExitCode {
    /// The status number.
    pub fn code(self) -> u8 {
        self as u8
    }

    /// Whether this is [`ExitCode::Success`].
    pub fn is_success(self) -> bool {
        self == ExitCode::Success
    }
}

/// An exit code equals its status number (`report.exit_code() == 0`).
impl PartialEq<u8> for ExitCode {
    fn eq(&self, other: &u8) -> bool {
        self.code() == *other
    }
}

impl From<ExitCode> for std::process::ExitCode {
    fn from(code: ExitCode) -> std::process::ExitCode {
        std::process::ExitCode::from(code.code())
    }
}
