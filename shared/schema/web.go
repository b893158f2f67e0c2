package schema

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

// WebConfigElementID is the id of the element of index.html that holds the web app's runtime
// configuration, the JSON the web app otherwise fetches as /config.json
// ({"apiEndpoint":"/api","region":"us-east-1"}): the CDN stand-in serves index.html with it and
// the CDK stack deploys index.html with it, so the app starts without that request.
const WebConfigElementID = "zuum-config"

// InlineWebConfig returns index (a built index.html) with the runtime configuration config
// inlined just before </head> as <script id="zuum-config" type="application/json">…</script>.
// The JSON is compacted with <, > and & escaped (\u003c, \u003e, \u0026), so no value can end the
// script element.
func InlineWebConfig(index, config []byte) ([]byte, error) {
	at := bytes.Index(index, []byte("</head>"))
	if at < 0 {
		return nil, errors.New("index.html has no </head> to put the runtime configuration before")
	}
	var compact bytes.Buffer
	if err := json.Compact(&compact, config); err != nil {
		return nil, fmt.Errorf("the runtime configuration is not JSON: %w", err)
	}
	var escaped bytes.Buffer
	json.HTMLEscape(&escaped, compact.Bytes())
	out := make([]byte, 0, len(index)+escaped.Len()+64)
	out = append(out, index[:at]...)
	out = append(out, `<script id="`+WebConfigElementID+`" type="application/json">`...)
	out = append(out, escaped.Bytes()...)
	out = append(out, "</script>"...)
	return append(out, index[at:]...), nil
}
