;;; check.el --- Emacs with eglot as a real client: open files, wait for diagnostics  -*- lexical-binding: t; -*-

;; Environment: CS_LISP (editors/emacs), CS_SERVER (JSON list: the server command, or null),
;; CS_FILES (JSON list of paths; eglot starts from the first), CS_CODES (JSON list of codes to
;; wait for, each `code' anywhere or `code:/path/of/the/file'), CS_OUT (where the JSON goes),
;; CS_TIMEOUT_MS, CS_VERIFY=1 for the network wave too.  Exits 0 only if the codes came.

(set-language-environment "UTF-8")
(require 'json)
(require 'eglot)
(add-to-list 'load-path (getenv "CS_LISP"))
(require 'cite-sentinel)

(let ((server (json-read-from-string (getenv "CS_SERVER"))))
  (when server ; null keeps the shipped default, `cite-sentinel lsp' from PATH
    (setq cite-sentinel-server-command (append server nil))))
(setq cite-sentinel-initialization-options
      (list :verify (if (equal (getenv "CS_VERIFY") "1") t :json-false)))

(defun check--code (diagnostic)
  (plist-get (alist-get 'eglot-lsp-diag (flymake-diagnostic-data diagnostic)) :code))

(defun check--buffers ()
  (mapcar #'find-file-noselect (append (json-read-from-string (getenv "CS_FILES")) nil)))

(defun check--diagnostics (buffers)
  (apply #'append
         (mapcar (lambda (buffer)
                   (with-current-buffer buffer
                     (when (bound-and-true-p flymake-mode) (flymake-start))
                     (flymake-diagnostics)))
                 buffers)))

(let* ((buffers (check--buffers))
       (wanted (append (json-read-from-string (getenv "CS_CODES")) nil))
       (deadline (+ (float-time) (/ (string-to-number (getenv "CS_TIMEOUT_MS")) 1000.0)))
       (came nil))
  (with-current-buffer (car buffers)
    (apply #'eglot (eglot--guess-contact)))
  (while (and (not came) (< (float-time) deadline))
    (accept-process-output nil 0.05)
    (let ((codes (apply #'append
                        (mapcar (lambda (d)
                                  (let ((code (check--code d)))
                                    (list code
                                          (format "%s:%s" code
                                                  (buffer-file-name
                                                   (flymake-diagnostic-buffer d))))))
                                (check--diagnostics buffers)))))
      (setq came (cl-every (lambda (code) (member code codes)) wanted))))
  (let ((found
         (mapcar (lambda (d)
                   (with-current-buffer (flymake-diagnostic-buffer d)
                     (save-excursion
                       (let* ((beg (flymake-diagnostic-beg d))
                              (end (flymake-diagnostic-end d))
                              (place (lambda (pos)
                                       (goto-char pos)
                                       (list (1- (line-number-at-pos pos))
                                             (- pos (line-beginning-position))))))
                         `((file . ,(buffer-file-name))
                           (code . ,(check--code d))
                           (type . ,(symbol-name (flymake-diagnostic-type d)))
                           (start . ,(funcall place beg))
                           (end . ,(funcall place end))
                           (message . ,(flymake-diagnostic-text d)))))))
                 (check--diagnostics buffers))))
    (with-temp-file (getenv "CS_OUT")
      (insert (json-encode `((diagnostics . ,(vconcat found))))))
    (kill-emacs (if came 0 1))))
;;; check.el ends here
