package edge

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// maxObjectSize is S3's largest single upload (5 GB), the size range of a policy that sets none.
const maxObjectSize = 5 << 30

// postPolicy is a browser POST's policy document: when it expires, what each field must hold,
// and the size range of the file.
type postPolicy struct {
	expiration time.Time
	conditions []condition
	minSize    int64
	maxSize    int64
}

// condition is one field condition: the field (lower case, as form field names are matched
// without regard to case) must equal value or start with it.
type condition struct {
	op    string // "eq" or "starts-with"
	field string
	value string
	text  string // as AWS quotes it in a refusal: ["eq", "$key", "uploads/a.mp3"]
}

func invalidPolicy(msg string) *s3Error {
	return &s3Error{http.StatusBadRequest, "InvalidPolicyDocument", "Invalid Policy: " + msg, nil}
}

// parsePolicy decodes the base64 policy field and reads its conditions.
func parsePolicy(encoded string) (*postPolicy, *s3Error) {
	raw, err := base64.StdEncoding.DecodeString(encoded)
	if err != nil {
		return nil, invalidPolicy("Invalid Base64 encoding.")
	}
	var doc struct {
		Expiration *string            `json:"expiration"`
		Conditions *[]json.RawMessage `json:"conditions"`
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&doc); err != nil {
		return nil, invalidPolicy("Invalid JSON.")
	}
	if doc.Expiration == nil {
		return nil, invalidPolicy("Policy missing expiration.")
	}
	if doc.Conditions == nil {
		return nil, invalidPolicy("Policy missing conditions.")
	}
	p := &postPolicy{minSize: 0, maxSize: maxObjectSize}
	if p.expiration, err = time.Parse(time.RFC3339Nano, *doc.Expiration); err != nil {
		return nil, invalidPolicy("Invalid 'expiration' value: '" + *doc.Expiration + "'")
	}
	for _, c := range *doc.Conditions {
		if err := p.addCondition(c); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// addCondition reads one element of "conditions": {"field": "value"}, ["eq"|"starts-with",
// "$field", "value"] or ["content-length-range", min, max].
func (p *postPolicy) addCondition(raw json.RawMessage) *s3Error {
	var exact map[string]any
	if json.Unmarshal(raw, &exact) == nil {
		for field, v := range exact {
			value, ok := v.(string)
			if !ok {
				return invalidPolicy("Invalid Simple-Condition: value must be a string.")
			}
			p.conditions = append(p.conditions, newCondition("eq", field, value))
		}
		return nil
	}
	var list []any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if dec.Decode(&list) != nil || len(list) != 3 {
		return invalidPolicy("Invalid Condition: " + string(raw))
	}
	op, _ := list[0].(string)
	switch op = strings.ToLower(op); op {
	case "content-length-range":
		lo, ok1 := policyInt(list[1])
		hi, ok2 := policyInt(list[2])
		if !ok1 || !ok2 || lo < 0 || hi < lo {
			return invalidPolicy("Invalid content-length-range: " + string(raw))
		}
		p.minSize, p.maxSize = lo, hi
		return nil
	case "eq", "starts-with":
		field, ok1 := list[1].(string)
		value, ok2 := list[2].(string)
		if !ok1 || !ok2 || !strings.HasPrefix(field, "$") {
			return invalidPolicy("Invalid Condition: " + string(raw))
		}
		p.conditions = append(p.conditions, newCondition(op, strings.TrimPrefix(field, "$"), value))
		return nil
	}
	return invalidPolicy("Invalid Condition: unknown operation " + strconv.Quote(op))
}

func newCondition(op, field, value string) condition {
	return condition{
		op: op, field: strings.ToLower(field), value: value,
		text: fmt.Sprintf("[%q, %q, %q]", op, "$"+field, value),
	}
}

// policyInt reads a content-length-range bound, a JSON number or a string of digits.
func policyInt(v any) (int64, bool) {
	switch n := v.(type) {
	case json.Number:
		i, err := n.Int64()
		return i, err == nil
	case string:
		i, err := strconv.ParseInt(n, 10, 64)
		return i, err == nil
	}
	return 0, false
}

// holds reports whether the condition holds for value. A Content-Type starts-with condition
// holds for a comma-separated list when every type in it does, as S3 allows.
func (c condition) holds(value string) bool {
	if c.op == "eq" {
		return value == c.value
	}
	if c.field == "content-type" && strings.Contains(value, ",") {
		for v := range strings.SplitSeq(value, ",") {
			if !strings.HasPrefix(strings.TrimSpace(v), c.value) {
				return false
			}
		}
		return true
	}
	return strings.HasPrefix(value, c.value)
}

// exemptField reports whether a form field needs no condition: the signature, the policy, the
// file and x-ignore- fields.
func exemptField(lower string) bool {
	return lower == "x-amz-signature" || lower == "policy" || lower == "file" || strings.HasPrefix(lower, "x-ignore-")
}

// check applies the policy to the form as S3 does: the policy must not have expired, every
// condition must hold (the bucket condition against the bucket posted to), and every field but
// the exempt ones must be named by a condition.
func (p *postPolicy) check(now time.Time, bucket string, form *postForm) *s3Error {
	if now.After(p.expiration) {
		return policyFailed("Policy expired.")
	}
	covered := map[string]bool{}
	for _, c := range p.conditions {
		covered[c.field] = true
		value := form.get(c.field)
		if c.field == "bucket" {
			value = bucket
		}
		if !c.holds(value) {
			return policyFailed("Policy Condition failed: " + c.text)
		}
	}
	var extra []string
	for _, f := range form.fields {
		if lower := strings.ToLower(f.name); !exemptField(lower) && !covered[lower] {
			extra = append(extra, f.name)
		}
	}
	if len(extra) > 0 {
		return policyFailed("Extra input fields: " + strings.Join(extra, ", "))
	}
	return nil
}
