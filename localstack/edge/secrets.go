package edge

import (
	"crypto/rand"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"
)

// Staging labels Secrets Manager moves between versions.
const (
	stageCurrent  = "AWSCURRENT"
	stagePrevious = "AWSPREVIOUS"
)

// vault is the Secrets Manager emulator: secrets with versions and staging labels, enough for
// functions to read their keys (payment, signing) the way they do in AWS.
type vault struct {
	mu       sync.Mutex
	secrets  map[string]*secret // by name
	onChange func()
}

// secret is one stored secret, in the form it is saved to secrets.json.
type secret struct {
	Name        string           `json:"name"`
	ARN         string           `json:"arn"`
	Description string           `json:"description,omitempty"`
	KmsKeyID    string           `json:"kmsKeyId,omitempty"`
	Tags        []secretTag      `json:"tags,omitempty"`
	Created     time.Time        `json:"created"`
	Changed     time.Time        `json:"changed"`
	Versions    []*secretVersion `json:"versions"`
}

type secretTag struct {
	Key   string `json:"Key"`
	Value string `json:"Value"`
}

type secretVersion struct {
	ID      string    `json:"id"`
	String  *string   `json:"string,omitempty"`
	Binary  []byte    `json:"binary,omitempty"`
	Stages  []string  `json:"stages"`
	Created time.Time `json:"created"`
}

func newVault() *vault { return &vault{secrets: map[string]*secret{}} }

// maxSecretRequest bounds a request; a secret value is at most 64 KB.
const maxSecretRequest = 1 << 20

// ServeHTTP answers the Secrets Manager JSON 1.1 API.
func (v *vault) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	target := r.Header.Get("X-Amz-Target")
	op, ok := strings.CutPrefix(target, "secretsmanager.")
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxSecretRequest))
	if err != nil {
		writeJSONError(w, contentJSON11, &awsError{http.StatusBadRequest, "InvalidRequestException", "cannot read request: " + err.Error()})
		return
	}
	handlers := map[string]func([]byte, string) (any, *awsError){
		"CreateSecret":   v.create,
		"GetSecretValue": v.getValue,
		"PutSecretValue": v.putValue,
		"DescribeSecret": v.describe,
	}
	handle, known := handlers[op]
	if !ok || !known {
		writeJSONError(w, contentJSON11, &awsError{http.StatusBadRequest, "UnknownOperationException",
			fmt.Sprintf("the local edge does not implement Secrets Manager %q", target)})
		return
	}
	out, e := handle(body, scopeRegion(r))
	if e != nil {
		writeJSONError(w, contentJSON11, e)
		return
	}
	if op != "GetSecretValue" && op != "DescribeSecret" && v.onChange != nil {
		v.onChange()
	}
	writeJSON(w, http.StatusOK, contentJSON11, out)
}

// find resolves a SecretId as Secrets Manager does: a name, a full ARN, or an ARN without its
// random six-character suffix. The caller holds v.mu.
func (v *vault) find(id string) (*secret, *awsError) {
	if s, ok := v.secrets[id]; ok {
		return s, nil
	}
	for _, s := range v.secrets {
		if s.ARN == id || s.ARN[:len(s.ARN)-len("-XXXXXX")] == id {
			return s, nil
		}
	}
	return nil, errSecretNotFound("Secrets Manager can't find the specified secret.")
}

func errSecretNotFound(msg string) *awsError {
	return &awsError{http.StatusBadRequest, "ResourceNotFoundException", msg}
}

func errSecretParam(msg string) *awsError {
	return &awsError{http.StatusBadRequest, "InvalidParameterException", msg}
}

// secretARN builds an ARN with the random suffix AWS appends to every secret name.
func secretARN(region, name string) (string, error) {
	const letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
	suffix := make([]byte, 6)
	if _, err := rand.Read(suffix); err != nil {
		return "", err
	}
	for i, b := range suffix {
		suffix[i] = letters[int(b)%len(letters)]
	}
	return "arn:aws:secretsmanager:" + region + ":" + accountID + ":secret:" + name + "-" + string(suffix), nil
}

// epoch is how the JSON 1.1 protocol writes timestamps: seconds since 1970, fractional.
func epoch(t time.Time) float64 { return float64(t.UnixMilli()) / 1000 }

func decodeSecretInput(body []byte, in any) *awsError {
	if err := json.Unmarshal(body, in); err != nil {
		return &awsError{http.StatusBadRequest, "InvalidRequestException", "malformed request: " + err.Error()}
	}
	return nil
}

// current returns the version labelled AWSCURRENT, or nil.
func (s *secret) current() *secretVersion {
	for _, ver := range s.Versions {
		if slices.Contains(ver.Stages, stageCurrent) {
			return ver
		}
	}
	return nil
}

// snapshot returns a deep copy of the secrets for saving.
func (v *vault) snapshot() []secret {
	v.mu.Lock()
	defer v.mu.Unlock()
	out := make([]secret, 0, len(v.secrets))
	for _, s := range v.secrets {
		c := *s
		c.Versions = make([]*secretVersion, len(s.Versions))
		for i, ver := range s.Versions {
			vc := *ver
			vc.Stages = slices.Clone(ver.Stages)
			c.Versions[i] = &vc
		}
		out = append(out, c)
	}
	slices.SortFunc(out, func(a, b secret) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// restore replaces the secrets with saved ones.
func (v *vault) restore(saved []secret) {
	v.mu.Lock()
	defer v.mu.Unlock()
	v.secrets = make(map[string]*secret, len(saved))
	for i := range saved {
		v.secrets[saved[i].Name] = &saved[i]
	}
}
