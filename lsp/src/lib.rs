//! koma's language server: diagnostics as you type, hover with move diagrams, go to definition,
//! references, completion, quick fixes and formatting for `.koma` files.
//!
//! [`Server`] is a pure state machine (a message in, messages out) built on the compiler's own
//! parser, diagnostics, diagrams and formatter; [`run_stdio`] only wires it to standard input
//! and output, as `koma lsp` does.

mod document;
mod features;
pub mod framing;
mod position;
mod server;

pub use server::Server;

/// Why the server stopped before a clean `shutdown` and `exit`.
#[derive(Debug, thiserror::Error)]
pub enum LspError {
    /// The client broke the protocol (no `initialize` first, malformed message, closed pipe).
    #[error("language server protocol error: {0}")]
    Protocol(#[from] lsp_server::ProtocolError),
    /// Standard input or output failed.
    #[error("language server i/o error: {0}")]
    Io(#[from] std::io::Error),
    /// A message could not be encoded.
    #[error("language server encoding error: {0}")]
    Json(#[from] serde_json::Error),
}

/// Serves the protocol on standard input and output until the client says `exit`.
pub fn run_stdio() -> Result<(), LspError> {
    let (connection, io_threads) = framing::stdio();
    let capabilities = serde_json::to_value(Server::capabilities())?;
    connection.initialize(capabilities)?;
    let mut server = Server::default();
    for message in &connection.receiver {
        if let lsp_server::Message::Request(request) = &message
            && connection.handle_shutdown(request)?
        {
            break;
        }
        for reply in server.handle(message) {
            if connection.sender.send(reply).is_err() {
                break;
            }
        }
    }
    drop(connection);
    io_threads.join()?;
    Ok(())
}
