package edge

import (
	"encoding/json"
	"net/http"
)

// TTL settings are remembered so provisioning and the CDK's view of a table agree, but items
// never expire locally (minidyn has no TTL). AWS deletes expired items only eventually, so code
// must check expiry itself anyway.

func (d *dynamo) serveDescribeTTL(w http.ResponseWriter, body []byte) {
	var in struct{ TableName string }
	if err := json.Unmarshal(body, &in); err != nil {
		writeJSONError(w, contentJSON10, &awsError{http.StatusBadRequest, "SerializationException", err.Error()})
		return
	}
	d.mu.RLock()
	def := d.tables[in.TableName]
	var spec ttlSpec
	if def != nil && def.TTL != nil {
		spec = *def.TTL
	}
	d.mu.RUnlock()
	if def == nil {
		writeJSONError(w, contentJSON10, errNoTable())
		return
	}
	desc := map[string]string{"TimeToLiveStatus": "DISABLED"}
	if spec.Enabled {
		desc = map[string]string{"TimeToLiveStatus": "ENABLED", "AttributeName": spec.AttributeName}
	}
	writeJSON(w, http.StatusOK, contentJSON10, map[string]any{"TimeToLiveDescription": desc})
}

func (d *dynamo) serveUpdateTTL(w http.ResponseWriter, body []byte) {
	var in struct {
		TableName               string
		TimeToLiveSpecification *ttlSpec
	}
	if err := json.Unmarshal(body, &in); err != nil {
		writeJSONError(w, contentJSON10, &awsError{http.StatusBadRequest, "SerializationException", err.Error()})
		return
	}
	if in.TimeToLiveSpecification == nil || in.TimeToLiveSpecification.AttributeName == "" {
		writeJSONError(w, contentJSON10, &awsError{http.StatusBadRequest, "ValidationException",
			"TimeToLiveSpecification with an AttributeName is required"})
		return
	}
	spec := *in.TimeToLiveSpecification
	if e := d.setTTL(in.TableName, spec); e != nil {
		writeJSONError(w, contentJSON10, e)
		return
	}
	d.changed()
	writeJSON(w, http.StatusOK, contentJSON10, map[string]any{"TimeToLiveSpecification": spec})
}

// setTTL records a TTL change, refusing the ones DynamoDB refuses.
func (d *dynamo) setTTL(table string, spec ttlSpec) *awsError {
	d.mu.Lock()
	defer d.mu.Unlock()
	def := d.tables[table]
	if def == nil {
		return errNoTable()
	}
	current := def.TTL != nil && def.TTL.Enabled
	switch {
	case spec.Enabled && current:
		return &awsError{http.StatusBadRequest, "ValidationException", "TimeToLive is already enabled"}
	case !spec.Enabled && !current:
		return &awsError{http.StatusBadRequest, "ValidationException", "TimeToLive is already disabled"}
	}
	def.TTL = &spec
	return nil
}

func errNoTable() *awsError {
	return &awsError{http.StatusBadRequest, "ResourceNotFoundException", "Requested resource not found"}
}
