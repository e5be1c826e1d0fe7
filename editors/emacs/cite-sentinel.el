;;; cite-sentinel.el --- eglot configuration for the cite-sentinel language server  -*- lexical-binding: t; -*-

;; Version: 0.1.0
;; Package-Requires: ((emacs "27.1") (eglot "1.9"))
;; Keywords: tex, bib, languages
;; License: MIT

;;; Commentary:

;; Registers `cite-sentinel lsp' with eglot for BibTeX, LaTeX, Markdown and Typst
;; buffers, so fabricated and miscited references show as flymake diagnostics.
;; One server manages all those modes in a project.  eglot runs one server per
;; buffer: this entry takes those modes from texlab, digestif or marksman.
;;
;;   (add-to-list 'load-path "/path/to/cite-sentinel/editors/emacs")
;;   (require 'cite-sentinel)
;;   (add-hook 'bibtex-mode-hook #'eglot-ensure)   ; and latex-mode, markdown-mode, ...

;;; Code:

(require 'eglot)

(defgroup cite-sentinel nil
  "Check references against the scholarly indexes while writing."
  :group 'tools
  :prefix "cite-sentinel-")

(defcustom cite-sentinel-server-command '("cite-sentinel" "lsp")
  "The program and arguments that start the language server on stdio."
  :type '(repeat string))

(defcustom cite-sentinel-initialization-options nil
  "A plist sent as initializationOptions, e.g. (:offline t).
Keys: :verify :offline :mailto :backends :severity :ground :scorer
:fulltext :accept.
Write JSON false as :json-false."
  :type 'plist)

(defconst cite-sentinel-modes
  '((bibtex-mode :language-id "bibtex")
    (latex-mode :language-id "latex")
    (LaTeX-mode :language-id "latex")
    (tex-mode :language-id "latex")
    (markdown-mode :language-id "markdown")
    (gfm-mode :language-id "markdown")
    (typst-mode :language-id "typst")
    (typst-ts-mode :language-id "typst"))
  "The major modes whose buffers the server checks, with their LSP language ids.")

(defun cite-sentinel-contact (&rest _)
  "The eglot contact: the server command and the current initialization options.
Newer eglot passes the project too; the contact does not depend on it."
  (append cite-sentinel-server-command
          (and cite-sentinel-initialization-options
               (list :initializationOptions cite-sentinel-initialization-options))))

(add-to-list 'eglot-server-programs (cons cite-sentinel-modes #'cite-sentinel-contact))

(provide 'cite-sentinel)
;;; cite-sentinel.el ends here
