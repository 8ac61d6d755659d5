//! The protocol state machine: open documents, and one answer per request.

use std::collections::HashMap;

use lsp_server::{ErrorCode, Message, Notification, Request, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument, Notification as _,
    PublishDiagnostics,
};
use lsp_types::request::{
    CodeActionRequest, Completion, Formatting, GotoDefinition, HoverRequest, References,
    Request as _,
};
use lsp_types::{
    CodeActionProviderCapability, CompletionOptions, HoverProviderCapability, OneOf,
    PublishDiagnosticsParams, ServerCapabilities, TextDocumentSyncCapability, TextDocumentSyncKind,
    Url,
};
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::document::Document;
use crate::features;

/// The language server's state: the open documents.
#[derive(Debug, Default)]
pub struct Server {
    documents: HashMap<Url, Document>,
}

impl Server {
    /// What the server can do, sent in answer to `initialize`.
    pub fn capabilities() -> ServerCapabilities {
        ServerCapabilities {
            text_document_sync: Some(TextDocumentSyncCapability::Kind(TextDocumentSyncKind::FULL)),
            hover_provider: Some(HoverProviderCapability::Simple(true)),
            definition_provider: Some(OneOf::Left(true)),
            references_provider: Some(OneOf::Left(true)),
            completion_provider: Some(CompletionOptions {
                trigger_characters: Some(vec!["(".to_string(), ",".to_string()]),
                ..CompletionOptions::default()
            }),
            code_action_provider: Some(CodeActionProviderCapability::Simple(true)),
            document_formatting_provider: Some(OneOf::Left(true)),
            ..ServerCapabilities::default()
        }
    }

    /// Handles one message from the client; returns the messages to send back.
    pub fn handle(&mut self, message: Message) -> Vec<Message> {
        match message {
            Message::Request(request) => vec![Message::Response(self.request(request))],
            Message::Notification(notification) => self.notification(notification),
            Message::Response(_) => Vec::new(),
        }
    }

    fn notification(&mut self, notification: Notification) -> Vec<Message> {
        let uri = match notification.method.as_str() {
            DidOpenTextDocument::METHOD => {
                let Ok(params) = parse::<lsp_types::DidOpenTextDocumentParams>(notification.params)
                else {
                    return Vec::new();
                };
                let doc = params.text_document;
                let document = Document::new(doc.uri.clone(), doc.version, doc.text);
                self.documents.insert(doc.uri.clone(), document);
                doc.uri
            }
            DidChangeTextDocument::METHOD => {
                let Ok(params) =
                    parse::<lsp_types::DidChangeTextDocumentParams>(notification.params)
                else {
                    return Vec::new();
                };
                // Full synchronisation: the last change holds the whole text.
                let Some(change) = params.content_changes.into_iter().last() else {
                    return Vec::new();
                };
                let doc = params.text_document;
                let document = Document::new(doc.uri.clone(), doc.version, change.text);
                self.documents.insert(doc.uri.clone(), document);
                doc.uri
            }
            DidCloseTextDocument::METHOD => {
                let Ok(params) =
                    parse::<lsp_types::DidCloseTextDocumentParams>(notification.params)
                else {
                    return Vec::new();
                };
                self.documents.remove(&params.text_document.uri);
                // Clear what the editor shows for a closed file.
                let cleared =
                    PublishDiagnosticsParams::new(params.text_document.uri, Vec::new(), None);
                return vec![notify::<PublishDiagnostics>(cleared)];
            }
            _ => return Vec::new(),
        };
        let Some(document) = self.documents.get(&uri) else {
            return Vec::new();
        };
        let params = PublishDiagnosticsParams::new(
            uri.clone(),
            features::diagnostics(document),
            Some(document.version),
        );
        vec![notify::<PublishDiagnostics>(params)]
    }

    fn request(&self, request: Request) -> Response {
        let id = request.id.clone();
        let result = match request.method.as_str() {
            HoverRequest::METHOD => self.answer::<HoverRequest>(request, |doc, p| {
                let at = doc
                    .index
                    .offset(&doc.text, p.text_document_position_params.position);
                features::hover(doc, at)
            }),
            GotoDefinition::METHOD => self.answer::<GotoDefinition>(request, |doc, p| {
                let at = doc
                    .index
                    .offset(&doc.text, p.text_document_position_params.position);
                features::definition(doc, at).map(lsp_types::GotoDefinitionResponse::Scalar)
            }),
            References::METHOD => self.answer::<References>(request, |doc, p| {
                let at = doc
                    .index
                    .offset(&doc.text, p.text_document_position.position);
                features::references(doc, at, p.context.include_declaration)
            }),
            Completion::METHOD => self.answer::<Completion>(request, |doc, p| {
                let at = doc
                    .index
                    .offset(&doc.text, p.text_document_position.position);
                Some(lsp_types::CompletionResponse::Array(features::completion(
                    doc, at,
                )))
            }),
            CodeActionRequest::METHOD => self.answer::<CodeActionRequest>(request, |doc, p| {
                Some(features::code_actions(
                    doc,
                    doc.index.span(&doc.text, p.range),
                ))
            }),
            Formatting::METHOD => {
                self.answer::<Formatting>(request, |doc, _| features::formatting(doc))
            }
            method => Err((
                ErrorCode::MethodNotFound,
                format!("koma lsp does not handle `{method}`"),
            )),
        };
        match result {
            Ok(value) => Response::new_ok(id, value),
            Err((code, message)) => Response::new_err(id, code as i32, message),
        }
    }

    /// Decodes the request's parameters, finds its document and answers with `answer`.
    fn answer<R>(
        &self,
        request: Request,
        answer: impl FnOnce(&Document, &R::Params) -> R::Result,
    ) -> Result<serde_json::Value, (ErrorCode, String)>
    where
        R: lsp_types::request::Request,
        R::Params: DeserializeOwned + HasUri,
        R::Result: Serialize,
    {
        let params: R::Params = parse(request.params)
            .map_err(|e| (ErrorCode::InvalidParams, format!("bad parameters: {e}")))?;
        let Some(document) = self.documents.get(params.uri()) else {
            return Ok(serde_json::Value::Null);
        };
        serde_json::to_value(answer(document, &params))
            .map_err(|e| (ErrorCode::InternalError, e.to_string()))
    }
}

fn parse<T: DeserializeOwned>(value: serde_json::Value) -> Result<T, serde_json::Error> {
    serde_json::from_value(value)
}

fn notify<N: lsp_types::notification::Notification>(params: N::Params) -> Message {
    Message::Notification(Notification::new(N::METHOD.to_string(), params))
}

/// Request parameters that name a document.
pub trait HasUri {
    fn uri(&self) -> &Url;
}

impl HasUri for lsp_types::HoverParams {
    fn uri(&self) -> &Url {
        &self.text_document_position_params.text_document.uri
    }
}

impl HasUri for lsp_types::GotoDefinitionParams {
    fn uri(&self) -> &Url {
        &self.text_document_position_params.text_document.uri
    }
}

impl HasUri for lsp_types::ReferenceParams {
    fn uri(&self) -> &Url {
        &self.text_document_position.text_document.uri
    }
}

impl HasUri for lsp_types::CompletionParams {
    fn uri(&self) -> &Url {
        &self.text_document_position.text_document.uri
    }
}

impl HasUri for lsp_types::CodeActionParams {
    fn uri(&self) -> &Url {
        &self.text_document.uri
    }
}

impl HasUri for lsp_types::DocumentFormattingParams {
    fn uri(&self) -> &Url {
        &self.text_document.uri
    }
}
