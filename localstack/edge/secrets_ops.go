package edge

import (
	"bytes"
	"net/http"
	"slices"
	"time"

	"github.com/google/uuid"
)

// secretValue is the value part shared by CreateSecret and PutSecretValue.
type secretValue struct {
	ClientRequestToken string
	SecretString       *string
	SecretBinary       []byte
}

// validate refuses both values at once, as AWS does. required says a value must be present.
func (in secretValue) validate(required bool) *awsError {
	if in.SecretString != nil && in.SecretBinary != nil {
		return errSecretParam("You can't specify both a binary secret value and a string secret value in the same secret.")
	}
	if required && in.SecretString == nil && in.SecretBinary == nil {
		return errSecretParam("You must provide either SecretString or SecretBinary.")
	}
	return nil
}

func (in secretValue) has() bool { return in.SecretString != nil || in.SecretBinary != nil }

func (in secretValue) versionID() string {
	if in.ClientRequestToken != "" {
		return in.ClientRequestToken
	}
	return uuid.NewString()
}

func (in secretValue) sameAs(ver *secretVersion) bool {
	if (in.SecretString == nil) != (ver.String == nil) {
		return false
	}
	if in.SecretString != nil && *in.SecretString != *ver.String {
		return false
	}
	return bytes.Equal(in.SecretBinary, ver.Binary)
}

func (v *vault) create(body []byte, region string) (any, *awsError) {
	var in struct {
		secretValue
		Name        string
		Description string
		KmsKeyId    string
		Tags        []secretTag
	}
	if e := decodeSecretInput(body, &in); e != nil {
		return nil, e
	}
	if in.Name == "" {
		return nil, errSecretParam("Name is required.")
	}
	if e := in.validate(false); e != nil {
		return nil, e
	}
	arn, err := secretARN(region, in.Name)
	if err != nil {
		return nil, &awsError{http.StatusInternalServerError, "InternalServiceError", err.Error()}
	}
	v.mu.Lock()
	defer v.mu.Unlock()
	if _, exists := v.secrets[in.Name]; exists {
		return nil, &awsError{http.StatusBadRequest, "ResourceExistsException",
			"The operation failed because the secret " + in.Name + " already exists."}
	}
	at := time.Now()
	s := &secret{Name: in.Name, ARN: arn, Description: in.Description, KmsKeyID: in.KmsKeyId,
		Tags: in.Tags, Created: at, Changed: at}
	out := map[string]any{"ARN": s.ARN, "Name": s.Name}
	if in.has() {
		ver := &secretVersion{ID: in.versionID(), String: in.SecretString, Binary: in.SecretBinary,
			Stages: []string{stageCurrent}, Created: at}
		s.Versions = append(s.Versions, ver)
		out["VersionId"] = ver.ID
	}
	v.secrets[s.Name] = s
	return out, nil
}

func (v *vault) putValue(body []byte, _ string) (any, *awsError) {
	var in struct {
		secretValue
		SecretId      string
		VersionStages []string
	}
	if e := decodeSecretInput(body, &in); e != nil {
		return nil, e
	}
	if e := in.validate(true); e != nil {
		return nil, e
	}
	stages := in.VersionStages
	if len(stages) == 0 {
		stages = []string{stageCurrent}
	}
	v.mu.Lock()
	defer v.mu.Unlock()
	s, e := v.find(in.SecretId)
	if e != nil {
		return nil, e
	}
	id := in.versionID()
	out := map[string]any{"ARN": s.ARN, "Name": s.Name, "VersionId": id}
	for _, ver := range s.Versions {
		if ver.ID != id {
			continue
		}
		// A retried request (same token, same value) succeeds without a new version.
		if in.sameAs(ver) {
			out["VersionStages"] = slices.Clone(ver.Stages)
			return out, nil
		}
		return nil, &awsError{http.StatusBadRequest, "ResourceExistsException",
			"You can't modify an existing version, you can only create a new version."}
	}
	at := time.Now()
	ver := &secretVersion{ID: id, String: in.SecretString, Binary: in.SecretBinary, Created: at}
	s.Versions = append(s.Versions, ver)
	for _, stage := range stages {
		s.moveStage(stage, ver)
	}
	s.Changed = at
	out["VersionStages"] = slices.Clone(ver.Stages)
	return out, nil
}

// moveStage attaches a staging label to ver, taking it off the version that had it; moving
// AWSCURRENT leaves AWSPREVIOUS on the version that was current, as rotation relies on.
func (s *secret) moveStage(stage string, ver *secretVersion) {
	if stage == stageCurrent {
		if old := s.current(); old != nil && old != ver {
			s.moveStage(stagePrevious, old)
		}
	}
	for _, other := range s.Versions {
		other.Stages = slices.DeleteFunc(other.Stages, func(l string) bool { return l == stage })
	}
	ver.Stages = append(ver.Stages, stage)
}

func (v *vault) getValue(body []byte, _ string) (any, *awsError) {
	var in struct{ SecretId, VersionId, VersionStage string }
	if e := decodeSecretInput(body, &in); e != nil {
		return nil, e
	}
	v.mu.Lock()
	defer v.mu.Unlock()
	s, e := v.find(in.SecretId)
	if e != nil {
		return nil, e
	}
	stage := in.VersionStage
	if stage == "" && in.VersionId == "" {
		stage = stageCurrent
	}
	var found *secretVersion
	for _, ver := range s.Versions {
		if (in.VersionId == "" || ver.ID == in.VersionId) && (stage == "" || slices.Contains(ver.Stages, stage)) {
			found = ver
		}
	}
	if found == nil {
		if in.VersionId != "" {
			return nil, errSecretNotFound("Secrets Manager can't find the specified secret value for VersionId: " + in.VersionId)
		}
		return nil, errSecretNotFound("Secrets Manager can't find the specified secret value for staging label: " + stage)
	}
	out := map[string]any{"ARN": s.ARN, "Name": s.Name, "VersionId": found.ID,
		"VersionStages": slices.Clone(found.Stages), "CreatedDate": epoch(found.Created)}
	if found.String != nil {
		out["SecretString"] = *found.String
	}
	if found.Binary != nil {
		out["SecretBinary"] = found.Binary
	}
	return out, nil
}

func (v *vault) describe(body []byte, _ string) (any, *awsError) {
	var in struct{ SecretId string }
	if e := decodeSecretInput(body, &in); e != nil {
		return nil, e
	}
	v.mu.Lock()
	defer v.mu.Unlock()
	s, e := v.find(in.SecretId)
	if e != nil {
		return nil, e
	}
	stages := map[string][]string{}
	for _, ver := range s.Versions {
		if len(ver.Stages) > 0 {
			stages[ver.ID] = slices.Clone(ver.Stages)
		}
	}
	out := map[string]any{"ARN": s.ARN, "Name": s.Name, "CreatedDate": epoch(s.Created),
		"LastChangedDate": epoch(s.Changed), "VersionIdsToStages": stages}
	if s.Description != "" {
		out["Description"] = s.Description
	}
	if s.KmsKeyID != "" {
		out["KmsKeyId"] = s.KmsKeyID
	}
	if len(s.Tags) > 0 {
		out["Tags"] = s.Tags
	}
	return out, nil
}
