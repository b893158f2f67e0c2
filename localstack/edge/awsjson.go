package edge

import (
	"bytes"
	"encoding/json"
	"net/http"
)

// Content types of the AWS JSON protocols the edge speaks.
const (
	contentJSON10 = "application/x-amz-json-1.0" // DynamoDB
	contentJSON11 = "application/x-amz-json-1.1" // Secrets Manager
	contentJSON   = "application/json"           // REST-JSON (SES v2) and the /_aws endpoints
)

// writeJSON answers with v encoded as JSON. Our own response types always encode, so the only
// possible failure is a client that went away, which no one can be told about.
func writeJSON(w http.ResponseWriter, status int, contentType string, v any) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		http.Error(w, "edge: encode response: "+err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", contentType)
	w.WriteHeader(status)
	_, _ = w.Write(buf.Bytes())
}

// awsError is an AWS API error as the JSON protocols carry it. The SDKs map Type to their typed
// errors (for example *types.ResourceNotFoundException), so Type must be AWS's exact code.
type awsError struct {
	Status  int
	Type    string
	Message string
}

func (e *awsError) Error() string { return e.Type + ": " + e.Message }

// writeJSONError answers an error in the awsJson1_0/1_1 protocols: the code in "__type".
func writeJSONError(w http.ResponseWriter, contentType string, e *awsError) {
	writeJSON(w, e.Status, contentType, map[string]string{"__type": e.Type, "message": e.Message})
}

// writeRESTError answers an error in the restJson1 protocol: the code in X-Amzn-ErrorType.
func writeRESTError(w http.ResponseWriter, e *awsError) {
	w.Header().Set("X-Amzn-ErrorType", e.Type)
	writeJSON(w, e.Status, contentJSON, map[string]string{"message": e.Message})
}

// bufferedResponse holds a response in memory, so the edge can call its own emulators (snapshots
// and restores) through their handlers without a network round trip.
type bufferedResponse struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func newBufferedResponse() *bufferedResponse {
	return &bufferedResponse{header: http.Header{}}
}

func (b *bufferedResponse) Header() http.Header { return b.header }

func (b *bufferedResponse) WriteHeader(code int) {
	if b.status == 0 {
		b.status = code
	}
}

func (b *bufferedResponse) Write(p []byte) (int, error) {
	if b.status == 0 {
		b.status = http.StatusOK
	}
	return b.body.Write(p)
}

func (b *bufferedResponse) code() int {
	if b.status == 0 {
		return http.StatusOK
	}
	return b.status
}
