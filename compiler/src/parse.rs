//! Parsing: source text to AST, with syntax errors turned into diagnostics.

use koma_grammar::ast::File;
use koma_grammar::{ParseError, ParseErrorKind, Span};

use crate::codes;
use crate::diagnostic::{Diagnostic, FileId, Location, Suggestion, did_you_mean};

/// Parses `text` (the file `file` of the source map). The AST holds every line that parsed.
pub fn parse(file: FileId, text: &str) -> (File, Vec<Diagnostic>) {
    let parsed = koma_grammar::parse(text);
    // The nearest keyword of each misspelt word, found once: a file of the same bad line
    // repeated 500,000 times would otherwise spend most of its time on edit distances.
    let mut nearest = std::collections::HashMap::new();
    let diagnostics = parsed
        .errors
        .iter()
        .map(|e| diagnostic(file, e, &mut nearest))
        .collect();
    (parsed.file, diagnostics)
}

/// The location of `span` in `file`.
pub fn location(file: FileId, span: Span) -> Location {
    Location::new(file, span)
}

fn diagnostic<'e>(
    file: FileId,
    error: &'e ParseError,
    cache: &mut std::collections::HashMap<(&'e str, Vec<&'static str>), Option<&'static str>>,
) -> Diagnostic {
    let code = match error.kind {
        ParseErrorKind::Syntax => codes::SYNTAX,
        ParseErrorKind::UnknownKeyword => codes::UNKNOWN_KEYWORD,
        ParseErrorKind::NumberTooLarge => codes::NUMBER_TOO_LARGE,
        ParseErrorKind::DanglingAttribute => codes::DANGLING_ATTRIBUTE,
    };
    let at = location(file, error.span);
    let mut diagnostic = Diagnostic::error(code, error.message.clone(), at, error.label.clone());
    let nearest = error.found.as_deref().and_then(|found| {
        *cache
            .entry((found, error.candidates.clone()))
            .or_insert_with(|| did_you_mean(found, error.candidates.iter().copied()))
    });
    match nearest {
        Some(nearest) => {
            diagnostic = diagnostic
                .with_help(format!("did you mean `{nearest}`?"))
                .with_suggestion(Suggestion {
                    location: at,
                    replacement: nearest.to_string(),
                    message: format!("replace with `{nearest}`"),
                });
        }
        None => {
            if let Some(help) = &error.help {
                diagnostic = diagnostic.with_help(help.clone());
            }
        }
    }
    diagnostic
}
