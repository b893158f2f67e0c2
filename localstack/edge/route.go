package edge

import (
	"bytes"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"strings"
	"time"

	"zuum/localstack/flutterwave"
)

// Service names as they appear in a SigV4 credential scope.
const (
	serviceDynamoDB = "dynamodb"
	serviceS3       = "s3"
	serviceSES      = "ses"
	serviceSecrets  = "secretsmanager"
	serviceLambda   = "lambda"
)

// routes builds the edge's top-level handler: LocalStack's own endpoints first, then one
// emulator per SigV4 service name.
func (e *Edge) routes() http.Handler {
	byService := map[string]http.Handler{
		serviceDynamoDB:   e.dynamo,
		serviceS3:         e.s3,
		serviceSES:        e.ses,
		serviceSecrets:    e.secrets,
		serviceLambda:     e.lambda,
		serviceExecuteAPI: http.HandlerFunc(e.serveConnections),
	}
	internal := http.NewServeMux()
	internal.HandleFunc("GET /_localstack/health", serveHealth)
	internal.HandleFunc("GET /_aws/ses", e.ses.serveList)
	internal.HandleFunc("DELETE /_aws/ses", e.ses.serveClear)

	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := &statusWriter{ResponseWriter: w}
		service := "internal"
		if strings.HasPrefix(r.URL.Path, "/_localstack/") || strings.HasPrefix(r.URL.Path, "/_aws/") {
			internal.ServeHTTP(sw, r)
		} else if strings.HasPrefix(r.URL.Path, flutterwave.Prefix) {
			service = "flutterwave"
			e.payments.ServeHTTP(sw, r)
		} else {
			var err error
			service, err = serviceOf(r)
			if err != nil {
				e.log.Warn("edge: unreadable request", "method", r.Method, "path", r.URL.Path, "err", err)
				http.Error(sw, "unreadable request body", http.StatusBadRequest)
				return
			}
			h, ok := byService[service]
			if !ok {
				// A signed call for a service the edge lacks: say so, rather than let S3 answer
				// it with an error about buckets.
				unknownService(sw, service, byService)
				return
			}
			h.ServeHTTP(sw, r)
		}
		e.log.Debug("edge", "service", service, "method", r.Method, "path", r.URL.Path,
			"status", sw.code(), "took", time.Since(start))
	})
}

// serviceOf names the AWS service a request is for, the way LocalStack's router does: from the
// credential scope of a signed request, then a JSON protocol's X-Amz-Target, else S3. A browser
// POST upload carries its credential as a form field; reading it leaves the body intact.
func serviceOf(r *http.Request) (string, error) {
	if s := scopeService(credentialFromAuthorization(r.Header.Get("Authorization"))); s != "" {
		return s, nil
	}
	if s := scopeService(r.URL.Query().Get("X-Amz-Credential")); s != "" {
		return s, nil
	}
	target := r.Header.Get("X-Amz-Target")
	switch {
	case strings.HasPrefix(target, "DynamoDB_"):
		return serviceDynamoDB, nil
	case strings.HasPrefix(target, "secretsmanager."):
		return serviceSecrets, nil
	}
	if r.Method == http.MethodPost {
		cred, err := formCredential(r)
		if err != nil {
			return "", err
		}
		if s := scopeService(cred); s != "" {
			return s, nil
		}
	}
	return serviceS3, nil
}

// credentialFromAuthorization extracts "AKID/date/region/service/aws4_request" from a SigV4
// Authorization header.
func credentialFromAuthorization(auth string) string {
	_, params, ok := strings.Cut(auth, "Credential=")
	if !ok {
		return ""
	}
	cred, _, _ := strings.Cut(params, ",")
	return strings.TrimSpace(cred)
}

// scopeService returns the service element of a SigV4 credential, or "" if it is malformed.
func scopeService(cred string) string {
	parts := strings.Split(cred, "/")
	if len(parts) != 5 || parts[4] != "aws4_request" {
		return ""
	}
	return parts[3]
}

// scopeRegion returns the region of the request's credential scope, defaulting to us-east-1 as
// LocalStack does for unsigned calls.
func scopeRegion(r *http.Request) string {
	cred := credentialFromAuthorization(r.Header.Get("Authorization"))
	if cred == "" {
		cred = r.URL.Query().Get("X-Amz-Credential")
	}
	if parts := strings.Split(cred, "/"); len(parts) == 5 && parts[2] != "" {
		return parts[2]
	}
	return "us-east-1"
}

// formCredential reads the x-amz-credential field of a multipart POST (an S3 browser upload)
// without consuming the body: S3 requires the file to be the last field, so only the fields
// before it are read, and what was read is put back in front of the rest of the stream.
func formCredential(r *http.Request) (string, error) {
	mediaType, params, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mediaType != "multipart/form-data" || params["boundary"] == "" || r.Body == nil {
		return "", nil
	}
	var seen bytes.Buffer
	body := r.Body
	defer func() {
		r.Body = struct {
			io.Reader
			io.Closer
		}{io.MultiReader(bytes.NewReader(seen.Bytes()), body), body}
	}()
	mr := multipart.NewReader(io.TeeReader(body, &seen), params["boundary"])
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			return "", nil
		}
		if err != nil {
			// Not a form we understand: let S3 answer it.
			return "", nil
		}
		if part.FileName() != "" || strings.EqualFold(part.FormName(), "file") {
			return "", nil
		}
		if strings.EqualFold(part.FormName(), "x-amz-credential") {
			value, err := io.ReadAll(io.LimitReader(part, 1024))
			if err != nil {
				return "", err
			}
			return strings.TrimSpace(string(value)), nil
		}
	}
}

// statusWriter remembers the status code written, for logs and for deciding whether a call
// changed state.
type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.ResponseWriter.Write(b)
}

func (w *statusWriter) code() int {
	if w.status == 0 {
		return http.StatusOK
	}
	return w.status
}

// Unwrap lets http.ResponseController reach the underlying writer (flushing, deadlines).
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
