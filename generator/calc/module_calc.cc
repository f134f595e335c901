// placeholder: module calc has no sources yet
