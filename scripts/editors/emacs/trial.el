;;; trial.el --- drives Emacs + eglot over the snippet of docs/editors.md  -*- lexical-binding: t -*-
;; Run by try-emacs.sh after the snippet (loaded as the user's init.el would be). Opens the trial
;; files, waits for eglot, and writes what Emacs shows to $TRIAL_OUT as JSON for check.mjs:
;; Flymake's diagnostics (columns in characters, as Emacs counts them), hovers, imenu, the
;; quick fixes of `eglot-code-actions' (its menu answered here), and whether the settings
;; snippet reached the server.
(require 'json)
(require 'cl-lib)
(require 'eglot)

(defvar trial-out (getenv "TRIAL_OUT"))
(defvar trial-repo default-directory "The repository: try-emacs.sh starts Emacs there.")
(defvar trial-notes nil)
(defvar trial-result nil)
(defun trial-note (text) (push text trial-notes))
(defun trial-put (key value) (push (cons key value) trial-result))

(defun trial-wait (predicate seconds)
  "Let Emacs read the server until PREDICATE holds or SECONDS pass. Flymake and eglot defer
some of their start to the end of the current command (`post-command-hook') or to the buffer's
display (`window-configuration-change-hook'): in batch there are no commands and no redisplay,
so the hooks are run here as the command loop and redisplay would."
  (let ((deadline (+ (float-time) seconds)))
    (while (and (not (funcall predicate)) (< (float-time) deadline))
      (run-hooks 'post-command-hook 'window-configuration-change-hook)
      (accept-process-output nil 0.1))
    (funcall predicate)))

(defun trial-settle (seconds)
  (let ((deadline (+ (float-time) seconds)))
    (while (< (float-time) deadline) (accept-process-output nil 0.1))))

(defun trial-open (file)
  "Visit FILE as a user would: the mode hook runs `eglot-ensure', which connects once the
command that opened the file is over (its `post-command-hook')."
  (find-file file)
  (run-hooks 'post-command-hook)
  (current-buffer))

(defun trial-lsp-diag (diag)
  (cdr (assoc 'eglot-lsp-diag (flymake-diagnostic-data diag))))

(defun trial-diagnostics ()
  (let (list)
    (dolist (diag (flymake-diagnostics))
      (let ((lsp (trial-lsp-diag diag))
            (beg (flymake-diagnostic-beg diag))
            (end (flymake-diagnostic-end diag)))
        (push `((line . ,(1- (line-number-at-pos beg)))
                (col . ,(save-excursion (goto-char beg) (current-column)))
                (endLine . ,(1- (line-number-at-pos end)))
                (endCol . ,(save-excursion (goto-char end) (current-column)))
                (code . ,(plist-get lsp :code))
                (message . ,(plist-get lsp :message)))
              list)))
    (vconcat (nreverse list))))

(defun trial-has-code-prefix (prefix)
  (cl-some (lambda (d) (string-prefix-p prefix (or (alist-get 'code d) ""))) (trial-diagnostics)))

(defun trial-goto (line column)
  (goto-char (point-min))
  (forward-line line)
  (move-to-column column))

(defun trial-hover (line column)
  "The hover as ElDoc gets it at LINE:COLUMN: the buffer's `eldoc-documentation-functions'
\(eglot's hover among them) called as ElDoc calls them, with a callback that keeps the text."
  (trial-goto line column)
  (let ((docs nil) (expected 0) (answered 0))
    (dolist (fn eldoc-documentation-functions)
      (when (functionp fn)
        (let* ((called nil)
               (answer (funcall fn (lambda (doc &rest _)
                                     (setq called t answered (1+ answered))
                                     (when (stringp doc) (push (substring-no-properties doc) docs))))))
          ;; t: the callback comes later; a string: the documentation itself.
          (cond ((or called (eq answer t)) (setq expected (1+ expected)))
                ((stringp answer) (push (substring-no-properties answer) docs))))))
    (trial-wait (lambda () (>= answered expected)) 5)
    (if docs (mapconcat #'identity (nreverse docs) "\n") :null)))

(defun trial-imenu-names (index)
  "The routes in imenu's INDEX. Eglot 1.17 lists the symbols as the server sends them; eglot
1.9 groups every symbol under its kind, the routes (kind Namespace) under \"Namespace\"."
  (let ((grouped (assoc "Namespace" index)))
    (vconcat (mapcar #'car (if grouped (cdr grouped) index)))))

(defun trial-quick-fix (line column pick)
  "`eglot-code-actions' at LINE:COLUMN; its menu answered with the title containing PICK."
  (trial-goto line column)
  (let ((titles nil))
    (cl-letf (((symbol-function 'completing-read)
               (lambda (_prompt collection &rest _)
                 (let ((names (mapcar (lambda (c) (if (consp c) (car c) c)) collection)))
                   (setq titles names)
                   (or (cl-find-if (lambda (n) (string-match-p (regexp-quote pick) n)) names)
                       (car names))))))
      (condition-case err
          ;; As from M-x or a key: eglot pops a mouse menu when the last event was a mouse click.
          (let ((last-nonmenu-event ?\r))
            (eglot-code-actions (point) (point) nil t))
        (error (trial-note (format "eglot-code-actions at %d:%d: %s" line column (error-message-string err))))))
    (trial-settle 0.5)
    `((titles . ,(vconcat titles))
      (lineAfter . ,(progn (trial-goto line 0) (buffer-substring-no-properties (line-beginning-position) (line-end-position))))
      (linesAround . ,(vconcat (split-string (buffer-substring-no-properties
                                              (progn (trial-goto (max 0 (- line 3)) 0) (point))
                                              (progn (trial-goto (+ line 1) 0) (line-end-position)))
                                             "\n"))))))

(defun trial-lines ()
  (vconcat (split-string (buffer-substring-no-properties (point-min) (point-max)) "\n")))

(defun trial-finish ()
  (trial-put 'notes (vconcat (reverse trial-notes)))
  (with-temp-file trial-out (insert (json-encode trial-result)))
  (kill-emacs 0))

(defun trial-run ()
  (trial-put 'editor "emacs")
  (trial-put 'version (format "Emacs %s, eglot %s" emacs-version
                              (or (bound-and-true-p eglot-version)
                                  (let ((lib (locate-library "eglot")))
                                    (and lib (string-match "eglot-\\([0-9.]+\\)/" lib) (match-string 1 lib)))
                                  "built-in")))
  (trial-put 'columnUnit "character")
  (let ((main (trial-open (expand-file-name "samples/broken.route" trial-repo))))
    (trial-put 'mode (symbol-name major-mode))
    (unless (trial-wait (lambda () (and (eglot-current-server) (> (length (trial-diagnostics)) 0))) 20)
      (trial-note (format "no diagnostics within 20 s (mode %s, eglot %s)" major-mode (and (eglot-current-server) t)))
      (trial-finish))
    (trial-settle 1.5)
    (trial-put 'localDiagnostics (trial-diagnostics))
    (let ((info (jsonrpc-request (eglot-current-server) :icaoRoute/serverInfo nil)))
      (trial-put 'debounceMs (plist-get (plist-get info :settings) :debounceMs)))
    (when (equal (getenv "TRIAL_SETTINGS_ONLY") "1") (trial-finish))
    ;; Offline expansion: the doc's way of changing a setting while the server runs.
    (let ((snippet (getenv "TRIAL_SETTINGS_SNIPPET")))
      (when (and snippet (not (string= snippet "")))
        (condition-case err (load snippet nil t)
          (error (trial-note (format "settings snippet failed: %s" (error-message-string err)))))))
    (unless (trial-wait (lambda () (trial-has-code-prefix "X")) 20)
      (trial-note "no X… findings within 20 s of the settings change"))
    (trial-settle 1)
    (trial-put 'diagnostics (trial-diagnostics))
    (trial-put 'lines (trial-lines))
    (trial-put 'hovers `((31:11 . ,(trial-hover 31 11)) (31:15 . ,(trial-hover 31 15)) (31:19 . ,(trial-hover 31 19))))
    ;; Completion after `DVR ' as completion-at-point gets it (eglot's capf).
    (trial-goto 31 14)
    (let ((capf (run-hook-with-args-until-success 'completion-at-point-functions)))
      (trial-put 'completionLabels
                 (vconcat (and capf (mapcar #'substring-no-properties
                                            (all-completions "" (nth 2 capf)))))))
    (trial-put 'symbols (trial-imenu-names (funcall imenu-create-index-function)))
    (trial-put 'functions
               (mapcar (lambda (f) (cons f (fboundp f)))
                       '(eglot-semantic-tokens-mode eglot-inlay-hints-mode eglot-signal-didChangeConfiguration
                         flymake-show-buffer-diagnostics eglot-code-actions eglot-events-buffer)))
    (trial-put 'serverCapabilities
               (vconcat (cl-loop for (key _value) on (eglot--capabilities (eglot-current-server)) by #'cddr
                                 collect (substring (symbol-name key) 1))))
    (let ((fixes (list (cons "3:14" (trial-quick-fix 3 14 "DCT")))))
      (let ((second (trial-open (expand-file-name "scripts/editors/trial.route" trial-repo))))
        (trial-wait (lambda () (trial-has-code-prefix "X")) 20)
        (trial-settle 0.5)
        (trial-put 'secondDiagnostics (trial-diagnostics))
        (trial-put 'secondLines (trial-lines))
        (push (cons "second:11:10" (trial-quick-fix 11 10 "SOUTHAMPTON")) fixes)
        (let ((servers 0))
          (maphash (lambda (_project list) (setq servers (+ servers (length list)))) eglot--servers-by-project)
          (trial-put 'serverCount servers))
        (ignore main second))
      (trial-put 'quickFixes fixes))
    (trial-finish)))

(condition-case err
    (trial-run)
  (error (trial-note (format "trial failed: %S" err)) (trial-finish)))
