package edge

import (
	"bytes"
	"crypto/hmac"
	"encoding/hex"
	"encoding/xml"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"net/url"
	"strings"
)

// Browser POST uploads (https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-HTTPPOSTForms.html).
const (
	// maxPreData bounds the form fields before the file, as S3 does (20 KB).
	maxPreData = 20 << 10
	// maxDrain is how much of a refused upload's remaining body the edge reads and discards, so
	// the browser can read the refusal instead of seeing the connection reset mid-send.
	maxDrain = 64 << 20
)

// postForm is a browser POST's fields before the file, in order, and the file part.
type postForm struct {
	fields   []postField
	file     *multipart.Part
	filename string
}

type postField struct{ name, value string }

// get returns the first value of a field, matching its name without regard to case.
func (f *postForm) get(lower string) string {
	for _, fd := range f.fields {
		if strings.EqualFold(fd.name, lower) {
			return fd.value
		}
	}
	return ""
}

func (f *postForm) has(lower string) bool {
	for _, fd := range f.fields {
		if strings.EqualFold(fd.name, lower) {
			return true
		}
	}
	return false
}

// isBrowserPost reports whether r is a POST of a form to a bucket: S3's browser upload.
func isBrowserPost(r *http.Request) bool {
	if r.Method != http.MethodPost {
		return false
	}
	bucket, key := splitBucketKey(r.URL.Path)
	mediaType, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	return bucket != "" && key == "" && mediaType == "multipart/form-data"
}

// serveBrowserPost checks a browser upload's signature and policy, then streams the file to S3
// (next) in a rebuilt form holding only what S3 stores, refusing it the moment it leaves the
// policy's size range. A stored object invokes the bucket's ObjectCreated:Post notifications.
func (e *Edge) serveBrowserPost(w http.ResponseWriter, r *http.Request, next http.Handler) {
	bucket, _ := splitBucketKey(r.URL.Path)
	form, err := readPostForm(r)
	if err != nil {
		writeS3Error(w, r, err)
		return
	}
	policy, cred, err := e.authorizePost(bucket, form)
	if err != nil {
		writeS3Error(w, r, err)
		return
	}
	key := form.get("key")
	trip := &tripwire{}
	file := &sizedReader{r: form.file, min: policy.minSize, max: policy.maxSize, trip: trip}
	upload, err := rebuildForm(r, form, key, file)
	if err != nil {
		writeS3Error(w, r, err)
		return
	}
	rec := newBufferedResponse()
	next.ServeHTTP(rec, upload)
	if trip.err != nil {
		_, _ = io.CopyN(io.Discard, r.Body, maxDrain)
		writeS3Error(w, r, trip.err)
		return
	}
	if rec.code()/100 != 2 {
		copyResponse(w, rec)
		return
	}
	e.objectCreated(r, rec, cred, bucket, key, "ObjectCreated:Post")
	answerPost(w, r, rec, form, bucket, key)
}

// readPostForm reads the fields up to the file, which S3 requires to be the last field.
func readPostForm(r *http.Request) (*postForm, *s3Error) {
	_, params, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || params["boundary"] == "" {
		return nil, &s3Error{http.StatusBadRequest, "MalformedPOSTRequest",
			"The body of your POST request is not well-formed multipart/form-data.", nil}
	}
	mr := multipart.NewReader(r.Body, params["boundary"])
	form := &postForm{}
	size := 0
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			return nil, invalidArgument("POST requires exactly one file upload per request.")
		}
		if err != nil {
			return nil, &s3Error{http.StatusBadRequest, "MalformedPOSTRequest",
				"The body of your POST request is not well-formed multipart/form-data.", nil}
		}
		name := part.FormName()
		if strings.EqualFold(name, "file") {
			form.file, form.filename = part, part.FileName()
			return form, nil
		}
		value, err := io.ReadAll(io.LimitReader(part, maxPreData+1))
		size += len(name) + len(value)
		if err != nil || size > maxPreData {
			return nil, &s3Error{http.StatusBadRequest, "MaxPostPreDataLengthExceeded",
				"Your POST request fields preceding the upload file were too large.", nil}
		}
		form.fields = append(form.fields, postField{name, string(value)})
	}
}

// authorizePost checks the form's SigV4 signature over its policy, then the policy itself. It
// substitutes ${filename} in the key first, as S3 does.
func (e *Edge) authorizePost(bucket string, form *postForm) (*postPolicy, credential, *s3Error) {
	encoded, signature := form.get("policy"), form.get("x-amz-signature")
	if encoded == "" && signature == "" && !form.has("x-amz-credential") {
		return nil, credential{}, accessDenied("Access Denied") // an anonymous POST to a private bucket
	}
	for _, required := range []string{"key", "policy", "X-Amz-Algorithm", "X-Amz-Credential", "X-Amz-Date", "X-Amz-Signature"} {
		if !form.has(required) {
			return nil, credential{}, invalidArgument("Bucket POST must contain a field named '" + required +
				"'.  If it is specified, please check the order of the fields.")
		}
	}
	if alg := form.get("x-amz-algorithm"); alg != sigV4Algorithm {
		return nil, credential{}, invalidArgument("Unsupported algorithm: " + alg + "; only AWS4-HMAC-SHA256 is supported.")
	}
	cred, ok := parseCredential(form.get("x-amz-credential"))
	if !ok {
		return nil, credential{}, invalidArgument("Invalid X-Amz-Credential: \"" + form.get("x-amz-credential") + "\"")
	}
	secret, err := e.secretFor(cred.accessKey)
	if err != nil {
		return nil, cred, err
	}
	want := hex.EncodeToString(hmacSHA256(signingKey(secret, cred), encoded))
	if !hmac.Equal([]byte(want), []byte(strings.ToLower(signature))) {
		return nil, cred, signatureMismatch(cred.accessKey, encoded, signature, "")
	}
	policy, err := parsePolicy(encoded)
	if err != nil {
		return nil, cred, err
	}
	for i, f := range form.fields {
		if strings.EqualFold(f.name, "key") {
			form.fields[i].value = strings.ReplaceAll(f.value, "${filename}", form.filename)
		}
	}
	if form.get("key") == "" {
		return nil, cred, invalidArgument("User key must have a length greater than 0.")
	}
	if err := policy.check(e.now().UTC(), bucket, form); err != nil {
		return nil, cred, err
	}
	return policy, cred, nil
}

// storedField reports whether S3 keeps a form field with the object (its content headers and
// user metadata), under its canonical header name; the rest only authorize the upload.
func storedField(name string) (string, bool) {
	canonical := textproto.CanonicalMIMEHeaderKey(name)
	switch {
	case canonical == "Key", canonical == "Content-Type", canonical == "Content-Disposition",
		canonical == "Content-Encoding", canonical == "Cache-Control", canonical == "Expires":
		return canonical, true
	case strings.HasPrefix(canonical, "X-Amz-Meta-"), canonical == "X-Amz-Storage-Class",
		canonical == "X-Amz-Server-Side-Encryption", canonical == "X-Amz-Website-Redirect-Location":
		return canonical, true
	}
	return "", false
}

// rebuildForm makes the request S3 (gofakes3) handles: the stored fields with canonical names
// ("key" stays "key"), then the file streamed through file. gofakes3 would otherwise keep the
// signature and policy as object metadata.
func rebuildForm(r *http.Request, form *postForm, key string, file io.Reader) (*http.Request, *s3Error) {
	var head bytes.Buffer
	mw := multipart.NewWriter(&head)
	if err := mw.WriteField("key", key); err != nil {
		return nil, &s3Error{http.StatusInternalServerError, "InternalError", err.Error(), nil}
	}
	for _, f := range form.fields {
		name, ok := storedField(f.name)
		if !ok || name == "Key" {
			continue
		}
		if err := mw.WriteField(keptName(name), f.value); err != nil {
			return nil, &s3Error{http.StatusInternalServerError, "InternalError", err.Error(), nil}
		}
	}
	filePart := textproto.MIMEHeader{}
	filePart.Set("Content-Disposition", mime.FormatMediaType("form-data", map[string]string{"name": "file", "filename": form.filename}))
	if ct := form.file.Header.Get("Content-Type"); ct != "" {
		filePart.Set("Content-Type", ct)
	}
	if _, err := mw.CreatePart(filePart); err != nil {
		return nil, &s3Error{http.StatusInternalServerError, "InternalError", err.Error(), nil}
	}
	tail := "\r\n--" + mw.Boundary() + "--\r\n"
	upload := r.Clone(r.Context())
	upload.Body = io.NopCloser(io.MultiReader(&head, file, strings.NewReader(tail)))
	upload.ContentLength = -1
	upload.Header.Del("Content-Length")
	upload.Header.Set("Content-Type", mw.FormDataContentType())
	return upload, nil
}

// sizedReader passes the file through while it stays within the policy's content-length-range,
// and fails (setting the tripwire) as soon as it grows past max or ends below min.
type sizedReader struct {
	r        io.Reader
	n        int64
	min, max int64
	trip     *tripwire
}

func (s *sizedReader) Read(p []byte) (int, error) {
	if s.trip.err != nil {
		return 0, errTripped
	}
	n, err := s.r.Read(p)
	s.n += int64(n)
	switch {
	case s.n > s.max:
		s.trip.err = entityTooLarge(s.n, s.max)
		return 0, errTripped
	case errors.Is(err, io.EOF) && s.n < s.min:
		s.trip.err = entityTooSmall(s.n, s.min)
		return n, errTripped
	}
	return n, err
}

// answerPost answers a stored browser upload as S3 does: a 303 to success_action_redirect, or
// the success_action_status (200, or 201 with a PostResponse document), else 204.
func answerPost(w http.ResponseWriter, r *http.Request, rec *bufferedResponse, form *postForm, bucket, key string) {
	etag := rec.header.Get("ETag")
	location := "http://" + r.Host + "/" + bucket + "/" + uriEncode(key, false)
	h := w.Header()
	for _, name := range []string{"ETag", "x-amz-request-id", "x-amz-id-2", "x-amz-version-id"} {
		if v := rec.header.Get(name); v != "" {
			h.Set(name, v)
		}
	}
	h.Set("Location", location)
	redirect := form.get("success_action_redirect")
	if redirect == "" {
		redirect = form.get("redirect")
	}
	if u, err := url.Parse(redirect); redirect != "" && err == nil && u.Scheme != "" {
		q := u.Query()
		q.Set("bucket", bucket)
		q.Set("key", key)
		q.Set("etag", etag)
		u.RawQuery = q.Encode()
		h.Set("Location", u.String())
		w.WriteHeader(http.StatusSeeOther)
		return
	}
	switch form.get("success_action_status") {
	case "200":
		w.WriteHeader(http.StatusOK)
	case "201":
		h.Set("Content-Type", "application/xml")
		w.WriteHeader(http.StatusCreated)
		_, _ = w.Write([]byte(xml.Header))
		_ = xml.NewEncoder(w).Encode(struct {
			XMLName  xml.Name `xml:"PostResponse"`
			Location string
			Bucket   string
			Key      string
			ETag     string
		}{Location: location, Bucket: bucket, Key: key, ETag: etag})
	default:
		w.WriteHeader(http.StatusNoContent)
	}
}
