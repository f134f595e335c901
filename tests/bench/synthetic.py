#!/usr/bin/env python3
"""Synthetic multilingual site in the shape of the guide, for gpuguide and for Hugo.

    tests/bench/synthetic.py [--pages N] [--seed S] [--gpuguide BIN] OUT

writes two projects of the same site, N pages x 3 languages (en, fr, zh-Hans) plus a home
page per language and the GPU pages:

  OUT/gpuguide/  the repository's data/, templates/, assets/ and content/*/_strings.json, a
                 home page per language, and the pages content/<lang>/s/NNNN.md
  OUT/hugo/      hugo.toml (3 languages), data/gg.json (the figures the directives show,
                 taken from `gpuguide calc rank` so both sites print the same numbers),
                 layouts (hreflang alternates in the head, localised dates), one shortcode
                 per directive rendering the same table from the data file, i18n/ from the
                 same UI strings, and the same Markdown under content/<lang>/

A page: front matter with a date (rendered localised by both tools), prose paragraphs with
inline data references (a GPU's name, price, memory), headings, a GFM table, one data
directive (a ranking, a value ranking, the specification table or a price history); about
one page in 25 (--chart-every K) also has a chart (gpuguide paints it with Cairo, Hugo emits an SVG of bars).
The GPU pages (one per GPU and language) come from the data in gpuguide and are Markdown
pages with a shortcode in Hugo.

Deterministic: the same N and seed give the same bytes. Python standard library only.
"""

import argparse
import hashlib
import json
import os
import random
import re
import shutil
import subprocess
import sys

LANGS = ["en", "fr", "zh-Hans"]
HUGO_LANG = {"en": "en", "fr": "fr", "zh-Hans": "zh-hans"}
WORKLOADS = ["training16", "inference16", "inference8"]
SEGMENTS = ["consumer", "workstation", "datacenter"]
REPO = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

# Sentences of the prose, per language. {gpu}, {price} and {mem} become inline data
# references (`gpu:name …` in gpuguide, a shortcode in Hugo), {n} a small literal number.
SENTENCES = {
    "en": [
        "Memory bandwidth decides how fast a model can be read from memory, and for inference it is usually the limit.",
        "A card that looks fast on paper can lose to an older one when the model does not fit in its memory.",
        "Tensor Cores multiply small matrices in one step, which is why they matter more than the peak shader rate.",
        "The {gpu} is a common choice for this kind of work, and its current price is {price}.",
        "With {mem} of memory, the {gpu} holds a quantized model of moderate size with room for the context.",
        "Training needs memory for the weights, the gradients, the optimizer state and the activations.",
        "Running the same job on rented hardware costs nothing up front, but the hourly rate adds up quickly.",
        "Low-precision formats halve the memory each weight needs, at a cost in accuracy that is often small.",
        "Two cards are not twice as fast: the link between them and the way the model is split decide the gain.",
        "Power draw matters in a small room: a busy card turns almost all of its power into heat.",
        "Used cards from the previous generation are often the best value, provided they still receive driver updates.",
        "The ranking below is recomputed from the data at every build, so it changes when a price changes.",
        "Benchmarks from different sources rarely agree, which is why the guide chains measured ratios to one baseline.",
        "If a model does not fit, offloading layers to the processor works but runs many times slower.",
        "A data-centre part is built for dense racks and forced airflow, not for a desktop case.",
        "The context length grows the key-value cache linearly, and long prompts can need more memory than the weights.",
        "Check the slot width and the power connectors before buying: many large cards take three or four slots.",
        "Batch size trades memory for throughput, and the best value depends on the card more than on the model.",
        "Prices on the used market move every week, so treat any single figure as a snapshot.",
        "Estimates are marked as such in every table, and the methodology explains how each one is made.",
        "For a first card, a mid-range model with plenty of memory is a safer choice than a fast one with little.",
        "The step from {n} to {n2} cards changes the cooling and the power supply more than the software.",
        "Mixed-precision training keeps a full-precision copy of the weights, which the memory estimate includes.",
        "A workstation card trades some speed for more memory, a blower cooler and a lower power limit.",
    ],
    "fr": [
        "La bande passante mémoire décide de la vitesse de lecture du modèle, et c’est souvent elle qui limite l’inférence.",
        "Une carte rapide sur le papier peut perdre face à une plus ancienne quand le modèle ne tient pas dans sa mémoire.",
        "Les Tensor Cores multiplient de petites matrices en une seule étape : ils comptent plus que la puissance de crête.",
        "La {gpu} est un choix courant pour ce type de travail, et son prix actuel est de {price}.",
        "Avec {mem} de mémoire, la {gpu} contient un modèle quantifié de taille moyenne et son contexte.",
        "L’entraînement demande de la mémoire pour les poids, les gradients, l’état de l’optimiseur et les activations.",
        "Louer le même matériel ne coûte rien au départ, mais le tarif horaire s’additionne vite.",
        "Les formats de faible précision divisent par deux la mémoire de chaque poids, pour une perte de précision souvent faible.",
        "Deux cartes ne vont pas deux fois plus vite : le lien entre elles et le découpage du modèle décident du gain.",
        "La consommation compte dans une petite pièce : une carte occupée transforme presque toute son énergie en chaleur.",
        "Les cartes d’occasion de la génération précédente offrent souvent le meilleur rapport, tant que les pilotes suivent.",
        "Le classement ci-dessous est recalculé à chaque génération du site : il change quand un prix change.",
        "Les mesures de sources différentes concordent rarement ; le guide enchaîne donc des rapports mesurés jusqu’à une référence.",
        "Si le modèle ne tient pas, décharger des couches sur le processeur fonctionne, mais bien plus lentement.",
        "Une carte pour centre de données est conçue pour des baies denses et un flux d’air forcé, pas pour un boîtier de bureau.",
        "La longueur du contexte fait croître le cache clé-valeur linéairement, parfois au-delà de la taille des poids.",
        "Vérifiez la largeur et les connecteurs d’alimentation avant d’acheter : beaucoup de grandes cartes occupent trois ou quatre emplacements.",
        "La taille de lot échange de la mémoire contre du débit, et le meilleur réglage dépend plus de la carte que du modèle.",
        "Les prix d’occasion bougent chaque semaine : chaque chiffre n’est qu’un instantané.",
        "Les estimations sont signalées dans chaque tableau, et la méthodologie explique comment chacune est obtenue.",
        "Pour une première carte, un modèle de milieu de gamme avec beaucoup de mémoire est plus sûr qu’un modèle rapide qui en manque.",
        "Passer de {n} à {n2} cartes change le refroidissement et l’alimentation plus que le logiciel.",
        "L’entraînement en précision mixte garde une copie des poids en pleine précision, que l’estimation de mémoire inclut.",
        "Une carte pour station de travail sacrifie un peu de vitesse pour plus de mémoire, une turbine et une puissance plus basse.",
    ],
    "zh-Hans": [
        "显存带宽决定了读取模型的速度，推理时它通常就是瓶颈。",
        "纸面上很快的显卡，如果模型装不进显存，反而会输给更老的型号。",
        "Tensor Core 一步完成小矩阵乘法，这比峰值着色器算力更重要。",
        "{gpu} 是这类工作的常见选择，目前价格为 {price}。",
        "{gpu} 拥有 {mem} 显存，可以装下中等规模的量化模型和它的上下文。",
        "训练需要为权重、梯度、优化器状态和激活值分配显存。",
        "租用同样的硬件没有前期投入，但按小时计费的成本累积得很快。",
        "低精度格式让每个权重占用的显存减半，精度损失通常不大。",
        "两张卡并不等于两倍速度：卡间互联和模型的切分方式决定了收益。",
        "在小房间里功耗很重要：满载的显卡几乎把全部功率都变成了热量。",
        "上一代的二手卡往往性价比最高，前提是驱动仍在更新。",
        "下面的排名在每次构建时根据数据重新计算，价格一变排名就跟着变。",
        "不同来源的测试结果很少一致，所以本指南把实测比值串联到同一张基准卡上。",
        "模型装不下时，把部分层卸载到处理器上可以运行，但会慢很多倍。",
        "数据中心显卡是为高密度机架和强制风冷设计的，不适合普通机箱。",
        "上下文长度会让键值缓存线性增长，长提示词需要的显存可能超过权重本身。",
        "购买前请确认插槽宽度和供电接口：很多大卡要占用三到四个插槽。",
        "批大小在显存和吞吐量之间取舍，最佳取值更多取决于显卡而不是模型。",
        "二手市场的价格每周都在变化，任何单个数字都只是一个快照。",
        "每张表格都会标出估算值，方法说明页解释了每个估算的来源。",
        "第一张卡不妨选显存充足的中端型号，比显存不足的高速型号更稳妥。",
        "从 {n} 张卡增加到 {n2} 张卡，改变更多的是散热和电源，而不是软件。",
        "混合精度训练会保留一份全精度权重，显存估算已经包含这一部分。",
        "工作站显卡用一点速度换来更大的显存、涡轮散热和更低的功耗上限。",
    ],
}

TOPICS = {
    "en": ["memory", "cooling", "used cards", "cloud rental", "quantization", "multi-GPU",
           "power supplies", "training budgets", "inference servers", "benchmarks"],
    "fr": ["la mémoire", "le refroidissement", "l’occasion", "la location", "la quantification",
           "le multi-GPU", "l’alimentation", "le budget d’entraînement", "les serveurs d’inférence",
           "les mesures"],
    "zh-Hans": ["显存", "散热", "二手卡", "云端租用", "量化", "多卡", "电源", "训练预算", "推理服务器",
                "基准测试"],
}
WORDS = {
    "en": {"title": "Field notes {n}: {topic}", "desc": "Practical notes on {topic} when choosing a GPU for deep learning.",
           "h": ["What matters", "In practice", "Numbers to check", "Common mistakes", "A worked example"],
           "table": ["Step", "Setting", "Why"], "rows": ["Measure", "Compare", "Decide", "Verify", "Repeat"],
           "cells": ["before buying", "with the same model", "on the real workload", "after a month", "each quarter"],
           "home": "Synthetic benchmark site"},
    "fr": {"title": "Carnet {n} : {topic}", "desc": "Notes pratiques sur {topic} pour choisir un GPU d’apprentissage profond.",
           "h": ["Ce qui compte", "En pratique", "Les chiffres à vérifier", "Les erreurs courantes", "Un exemple"],
           "table": ["Étape", "Réglage", "Pourquoi"], "rows": ["Mesurer", "Comparer", "Décider", "Vérifier", "Recommencer"],
           "cells": ["avant l’achat", "avec le même modèle", "sur la vraie charge", "après un mois", "chaque trimestre"],
           "home": "Site de test synthétique"},
    "zh-Hans": {"title": "笔记 {n}：{topic}", "desc": "选购深度学习 GPU 时关于{topic}的实用笔记。",
                "h": ["关键因素", "实际情况", "需要核对的数字", "常见错误", "一个例子"],
                "table": ["步骤", "设置", "原因"], "rows": ["测量", "比较", "决定", "验证", "重复"],
                "cells": ["购买之前", "使用同一个模型", "在真实负载上", "一个月之后", "每个季度"],
                "home": "合成基准测试站点"},
}


def calc_rank(binary, root, workload, cost):
    out = subprocess.run([binary, "calc", "rank", "--workload", workload, "--cost", cost, "--json"],
                         cwd=root, check=True, capture_output=True, text=True).stdout
    return json.loads(out)["ranking"]


def load_figures(binary):
    """The figures the directives show, computed by gpuguide itself from the repository's data."""
    gpus = json.load(open(os.path.join(REPO, "data", "gpus.json"), encoding="utf-8"))["gpus"]
    prices = json.load(open(os.path.join(REPO, "data", "prices.json"), encoding="utf-8"))["observations"]
    fig = {"gpus": {}, "order": [g["id"] for g in gpus], "rank": {}, "value": {}}
    for g in gpus:
        fig["gpus"][g["id"]] = {k: g.get(k) for k in (
            "name", "vendor", "architecture", "segment", "memory_gb", "memory_type", "bandwidth_gbs",
            "fp16_tflops", "tdp_w", "launch_date", "launch_price_usd")}
        fig["gpus"][g["id"]]["prices"] = []
    for p in prices:
        fig["gpus"][p["gpu"]]["prices"].append({
            "date": p["date"], "condition": p["condition"], "region": p["region"],
            "price": p["price"], "estimated": bool(p.get("estimated"))})
    for w in WORKLOADS:
        fig["rank"][w] = [{"gpu": r["gpu"], "rel": r["relative_perf"], "measured": r["source"] == "measured"}
                          for r in calc_rank(binary, REPO, w, "none")]
        for cost in ("gpu", "ownership"):
            fig["value"][w + "-" + cost] = [
                {"gpu": r["gpu"], "rel": r["relative_perf"], "ppk": r["perf_per_kusd"],
                 "cost": r["cost_usd"], "condition": r["condition"]}
                for r in calc_rank(binary, REPO, w, cost)]
    for r in calc_rank(binary, REPO, "training16", "gpu"):  # a current price (cheapest condition)
        fig["gpus"][r["gpu"]]["price"] = r["cost_usd"]
        fig["gpus"][r["gpu"]]["condition"] = r["condition"]
    return fig


class Page:
    """One page's plan: the same choices (sentences, references, directive) in every language."""

    def __init__(self, seed, n, priced, chart_every):
        rng = random.Random(f"{seed}:{n}")
        self.n = n
        self.topic = rng.randrange(len(TOPICS["en"]))
        self.date = f"{rng.randint(2024, 2026)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
        # sections: (heading index, [paragraph = [(sentence index, gpu id, n)]])
        self.sections = []
        for s in range(rng.randint(3, 5)):
            paras = []
            for _ in range(rng.randint(1, 3)):
                paras.append([(rng.randrange(len(SENTENCES["en"])), rng.choice(priced), rng.randint(2, 4))
                              for _ in range(rng.randint(3, 6))])
            self.sections.append((rng.randrange(5), paras))
        self.table_at = rng.randrange(len(self.sections))
        self.table_rows = rng.sample(range(5), rng.randint(3, 5))
        self.directive_at = rng.randrange(len(self.sections))
        kind = rng.choice(["rank", "rank", "value", "specs", "prices"])
        if kind == "rank":
            self.directive = ("gpu-rank", {"workload": rng.choice(WORKLOADS), "limit": rng.choice([10, 15, 20])})
        elif kind == "value":
            self.directive = ("gpu-value", {"workload": rng.choice(WORKLOADS), "cost": rng.choice(["gpu", "ownership"]),
                                            "limit": rng.choice([10, 15])})
        elif kind == "specs":
            self.directive = ("gpu-specs", {"segment": rng.choice(SEGMENTS)})
        else:
            self.directive = ("gpu-prices", {"gpu": rng.choice(priced)})
        self.chart = None
        if rng.randrange(chart_every or 1) == 0 and chart_every:
            c = rng.choice(["perf", "perf-per-dollar", "price-history"])
            if c == "perf":
                self.chart = ("perf", {})
            elif c == "perf-per-dollar":
                self.chart = ("perf-per-dollar", {"cost": rng.choice(["gpu", "ownership"])})
            else:
                self.chart = ("price-history", {"gpu": rng.choice(priced)})


def ref(tool, kind, gpu, fig):
    if tool == "gpuguide":
        if kind == "gpu":
            return f"`gpu:name gpu={gpu}`"
        if kind == "price":
            return f"`gpu:price gpu={gpu} condition={fig['gpus'][gpu]['condition']}`"
        return f"`gpu:spec gpu={gpu} field=memory_gb`"
    return '{{< gpu-ref %s "%s" >}}' % (kind, gpu)


def sentence(tool, lang, item, fig):
    i, gpu, n = item
    text = SENTENCES[lang][i]
    for kind in ("gpu", "price", "mem"):
        text = text.replace("{" + kind + "}", ref(tool, kind, gpu, fig))
    return text.replace("{n}", str(n)).replace("{n2}", str(n * 2))


def directive(tool, name, params):
    if tool == "gpuguide":
        args = " ".join(f"{k}={v}" for k, v in params.items())
        return f"```{name} {args}".rstrip() + "\n```"
    args = " ".join(f'{k}="{v}"' for k, v in params.items())
    return "{{< %s %s >}}" % (name, args)


def page_markdown(tool, lang, page, fig, en_revision=None):
    w = WORDS[lang]
    sep = "" if lang == "zh-Hans" else " "
    title = w["title"].format(n=page.n, topic=TOPICS[lang][page.topic])
    fm = ["---", f'title: "{title}"', f'description: "{w["desc"].format(topic=TOPICS[lang][page.topic])}"',
          f"date: {page.date}", "draft: false"]
    if tool == "gpuguide":
        fm += [f"order: {100 + page.n}", "nav: false"]
        if en_revision:
            fm.append(f"translation_of: {en_revision}")
    else:
        fm.append(f"weight: {100 + page.n}")
    out = ["\n".join(fm + ["---"]), ""]
    for si, (h, paras) in enumerate(page.sections):
        heading = f"## {w['h'][h]} {si + 1}"
        if lang != "en":  # a translated heading pairs with the source's by its id
            heading += " {#%s-%d}" % (WORDS["en"]["h"][h].lower().replace(" ", "-"), si + 1)
        out += [heading, ""]
        for p in paras:
            out += [sep.join(sentence(tool, lang, item, fig) for item in p), ""]
        if si == page.table_at:
            out += ["| " + " | ".join(w["table"]) + " |", "|---|---:|---|"]
            for r in page.table_rows:
                out.append(f"| {w['rows'][r]} | {r + 1} | {w['cells'][(r + page.n) % 5]} |")
            out.append("")
        if si == page.directive_at:
            out += [directive(tool, *page.directive), ""]
            if page.chart:
                name, params = page.chart
                if tool == "gpuguide":
                    out += [directive(tool, "gpu-chart " + name, params), ""]
                else:
                    out += [directive(tool, "gpu-chart", dict(kind=name, **params)), ""]
    return "\n".join(out)


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)


def home_markdown(tool, lang, en_revision=None):
    w = WORDS[lang]
    fm = ["---", f'title: "{w["home"]}"', f'description: "{w["home"]}"', "date: 2026-11-22", "draft: false"]
    if tool == "gpuguide":
        fm += ["order: 0", "nav: false"]
        if en_revision:
            fm.append(f"translation_of: {en_revision}")
    body = SENTENCES[lang][0] + ("" if lang == "zh-Hans" else " ") + SENTENCES[lang][1]
    return "\n".join(fm + ["---", "", body, ""])


def gpuguide_site(out, pages, fig):
    for d in ("data", "templates", "assets"):
        shutil.copytree(os.path.join(REPO, d), os.path.join(out, d))
    for lang in LANGS:
        os.makedirs(os.path.join(out, "content", lang), exist_ok=True)
        shutil.copy(os.path.join(REPO, "content", lang, "_strings.json"), os.path.join(out, "content", lang))

    def emit(rel, make):
        en = make("en", None)
        write(os.path.join(out, "content", "en", rel), en)
        rev = hashlib.sha256(en.encode("utf-8")).hexdigest()[:12]
        for lang in LANGS[1:]:
            write(os.path.join(out, "content", lang, rel), make(lang, rev))

    emit("index.md", lambda lang, rev: home_markdown("gpuguide", lang, rev))
    for p in pages:
        emit(f"s/{p.n:04d}.md", lambda lang, rev: page_markdown("gpuguide", lang, p, fig, rev))


# --- Hugo ---------------------------------------------------------------------------------

HUGO_TOML = """baseURL = "https://gpuguide.example.org/"
title = "gpuguide"
defaultContentLanguage = "en"
defaultContentLanguageInSubdir = true
disableKinds = ["taxonomy", "term", "RSS"]
enableRobotsTXT = true
buildFuture = true  # some synthetic pages are dated after today: publish them like gpuguide does

[markup.goldmark.renderer]
unsafe = false
[markup.goldmark.extensions]
table = true
strikethrough = true
linkify = true
[markup.tableOfContents]
startLevel = 2
endLevel = 3

[languages.en]
languageCode = "en-US"
languageName = "English"
contentDir = "content/en"
weight = 1
[languages.zh-hans]
languageCode = "zh-Hans"
languageName = "简体中文"
contentDir = "content/zh-Hans"
weight = 2
[languages.fr]
languageCode = "fr-FR"
languageName = "Français"
contentDir = "content/fr"
weight = 3
"""

BASEOF = """<!DOCTYPE html>
<html lang="{{ .Site.LanguageCode }}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ .Title }} · {{ site.Title }}</title>
<meta name="description" content="{{ .Description }}">
<link rel="canonical" href="{{ .Permalink }}">
{{- range .AllTranslations }}
<link rel="alternate" hreflang="{{ .Site.LanguageCode }}" href="{{ .Permalink }}">
{{- end }}
{{- with .Translations }}{{ end }}
<link rel="alternate" hreflang="x-default" href="{{ .Permalink }}">
{{ $css := resources.Get "style.css" | fingerprint }}<link rel="stylesheet" href="{{ $css.RelPermalink }}">
<meta property="og:title" content="{{ .Title }}">
<meta property="og:url" content="{{ .Permalink }}">
</head>
<body>
<header class="site-header">
  <a class="brand" href="{{ site.Home.RelPermalink }}">{{ site.Title }}</a>
  <nav class="langs" aria-label="{{ T "nav_languages" }}"><ul>
  {{- range .AllTranslations }}
    <li><a href="{{ .RelPermalink }}" hreflang="{{ .Site.LanguageCode }}">{{ .Language.LanguageName }}</a></li>
  {{- end }}
  </ul></nav>
</header>
<main id="main">
{{ block "main" . }}{{ end }}
</main>
<footer class="site-footer"><p>{{ T "footer_data_as_of" }} {{ site.Data.gg.data_date | time.AsTime | time.Format ":date_long" }}</p></footer>
</body>
</html>
"""

SINGLE = """{{ define "main" }}
<article class="page">
  <h1>{{ .Title }}</h1>
  {{ with .Date }}<p class="meta">{{ T "page_updated" }} {{ . | time.Format ":date_long" }}</p>{{ end }}
  {{ if .TableOfContents }}<nav class="toc" id="toc"><details><summary>{{ T "page_toc" }}</summary>{{ .TableOfContents }}</details></nav>{{ end }}
  <div class="prose">
{{ .Content }}
  </div>
</article>
{{ end }}
"""

LIST = """{{ define "main" }}
<article class="page">
  <h1>{{ .Title }}</h1>
  <div class="prose">{{ .Content }}</div>
</article>
{{ end }}
"""

# Shortcodes: the same tables gpuguide's directives print, from data/gg.json.
GPU_LINK = '<a href="{{ relLangURL (printf "gpus/%s/" $id) }}">{{ $g.name }}</a>'
PRICE = ('{{ with $g.price }}{{ lang.FormatCurrency 0 "USD" . }}{{ if eq $g.condition "used" }} '
         '<span class="tag">{{ T "condition_used" }}</span>{{ end }}{{ else }}–{{ end }}')

SHORTCODES = {
    "gpu-ref": """{{- $kind := .Get 0 }}{{ $id := .Get 1 }}{{ $g := index site.Data.gg.gpus $id -}}
{{- if eq $kind "gpu" }}""" + GPU_LINK + """{{ else if eq $kind "price" }}""" + PRICE + """
{{- else }}{{ lang.FormatNumber 0 $g.memory_gb }} {{ T "unitsym_GB" }}{{ end -}}""",
    "gpu-rank": """{{- $w := .Get "workload" }}{{ $limit := int (.Get "limit") }}{{ $cap := T "table_rank_caption" (dict "workload" (T (printf "workload_%s" $w))) -}}
<div class="table-scroll" role="region" tabindex="0" aria-label="{{ $cap }}"><table class="data"><caption>{{ $cap }}</caption>
<thead><tr><th scope="col">{{ T "col_gpu" }}</th><th scope="col" class="num">#</th><th scope="col" class="num">{{ T "col_relative_perf" (dict "baseline" (index site.Data.gg.gpus "rtx-4090").name) }}</th><th scope="col">{{ T "col_source" }}</th><th scope="col" class="num">{{ T "col_price" }}</th><th scope="col" class="num">{{ T "col_memory" }}</th></tr></thead><tbody>
{{- range $i, $r := first $limit (index site.Data.gg.rank $w) }}{{ $id := $r.gpu }}{{ $g := index site.Data.gg.gpus $id }}
<tr><th scope="row">""" + GPU_LINK + """</th><td class="num">{{ add $i 1 }}</td><td class="num">{{ lang.FormatNumber 2 $r.rel }}×</td><td><span class="tag">{{ if $r.measured }}{{ T "perf_measured" }}{{ else }}{{ T "perf_estimated" }}{{ end }}</span></td><td class="num">""" + PRICE + """</td><td class="num">{{ lang.FormatNumber 0 $g.memory_gb }} {{ T "unitsym_GB" }}</td></tr>
{{- end }}
</tbody></table></div>""",
    "gpu-value": """{{- $w := .Get "workload" }}{{ $cost := .Get "cost" }}{{ $limit := int (.Get "limit") -}}
{{- $cap := T "table_value_caption" (dict "workload" (T (printf "workload_%s" $w)) "basis" (T (printf "basis_%s" $cost))) -}}
<div class="table-scroll" role="region" tabindex="0" aria-label="{{ $cap }}"><table class="data"><caption>{{ $cap }}</caption>
<thead><tr><th scope="col">{{ T "col_gpu" }}</th><th scope="col" class="num">#</th><th scope="col" class="num">{{ T "col_perf_per_kusd" }}</th><th scope="col" class="num">{{ T "col_relative_perf_short" }}</th><th scope="col" class="num">{{ T "col_cost" }}</th></tr></thead><tbody>
{{- range $i, $r := first $limit (index site.Data.gg.value (printf "%s-%s" $w $cost)) }}{{ $id := $r.gpu }}{{ $g := index site.Data.gg.gpus $id }}
<tr><th scope="row">""" + GPU_LINK + """</th><td class="num">{{ add $i 1 }}</td><td class="num">{{ lang.FormatNumber 2 $r.ppk }}</td><td class="num">{{ lang.FormatNumber 2 $r.rel }}×</td><td class="num">{{ lang.FormatCurrency 0 "USD" $r.cost }} <span class="tag">{{ T (printf "condition_%s" $r.condition) }}</span></td></tr>
{{- end }}
</tbody></table></div>""",
    "gpu-specs": """{{- $seg := .Get "segment" }}{{ $cap := T "table_specs_caption" -}}
<div class="table-scroll" role="region" tabindex="0" aria-label="{{ $cap }}"><table class="data"><caption>{{ $cap }}</caption>
<thead><tr><th scope="col">{{ T "col_gpu" }}</th><th scope="col">{{ T "col_architecture" }}</th><th scope="col" class="num">{{ T "col_memory" }}</th><th scope="col" class="num">{{ T "col_bandwidth" }}</th><th scope="col" class="num">{{ T "col_fp16" }}</th><th scope="col" class="num">{{ T "col_tdp" }}</th><th scope="col" class="num">{{ T "spec_launch_date" }}</th><th scope="col" class="num">{{ T "col_price" }}</th></tr></thead><tbody>
{{- range $id := site.Data.gg.order }}{{ $g := index site.Data.gg.gpus $id }}{{ if or (eq $seg "") (eq $g.segment $seg) }}
<tr><th scope="row">""" + GPU_LINK + """</th><td>{{ $g.architecture }}</td><td class="num">{{ lang.FormatNumber 0 $g.memory_gb }} {{ T "unitsym_GB" }}</td><td class="num">{{ lang.FormatNumber 0 $g.bandwidth_gbs }} {{ T "unitsym_GB_s" }}</td><td class="num">{{ lang.FormatNumber 1 $g.fp16_tflops }}</td><td class="num">{{ lang.FormatNumber 0 $g.tdp_w }} W</td><td class="num">{{ $g.launch_date | time.AsTime | time.Format ":date_medium" }}</td><td class="num">""" + PRICE + """</td></tr>
{{- end }}{{ end }}
</tbody></table></div>""",
    "gpu-prices": """{{- $id := .Get "gpu" }}{{ $g := index site.Data.gg.gpus $id }}{{ $cap := T "table_prices_caption" (dict "gpu" $g.name) -}}
<div class="table-scroll" role="region" tabindex="0" aria-label="{{ $cap }}"><table class="data"><caption>{{ $cap }}</caption>
<thead><tr><th scope="col">{{ T "col_date" }}</th><th scope="col">{{ T "col_condition" }}</th><th scope="col">{{ T "col_region" }}</th><th scope="col" class="num">{{ T "col_observed_price" }}</th></tr></thead><tbody>
{{- range $g.prices }}
<tr><td>{{ .date | time.AsTime | time.Format ":date_long" }}</td><td>{{ T (printf "condition_%s" .condition) }}</td><td>{{ .region }}</td><td class="num">{{ if .estimated }}≈{{ end }}{{ lang.FormatCurrency 0 "USD" .price }}</td></tr>
{{- end }}
</tbody></table></div>""",
    # A chart: bars (perf, perf-per-dollar) or a line (price-history), as an SVG of the data.
    "gpu-chart": """{{- $kind := .Get "kind" -}}
{{- if eq $kind "price-history" }}{{ $g := index site.Data.gg.gpus (.Get "gpu") }}{{ $max := 1.0 }}{{ range $g.prices }}{{ $max = math.Max $max .price }}{{ end }}{{ $n := len $g.prices -}}
<figure class="chart"><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 320" role="img"><title>{{ T "chart_prices_title" (dict "gpu" $g.name) }}</title>
<polyline fill="none" stroke="currentColor" points="{{ range $i, $p := $g.prices }}{{ add 40 (div (mul 560.0 $i) (math.Max 1 (sub $n 1))) }},{{ sub 300 (div (mul 260.0 $p.price) $max) }} {{ end }}"/>
{{- range $i, $p := $g.prices }}<circle r="3" cx="{{ add 40 (div (mul 560.0 $i) (math.Max 1 (sub $n 1))) }}" cy="{{ sub 300 (div (mul 260.0 $p.price) $max) }}"><title>{{ $p.date | time.AsTime | time.Format ":date_medium" }}: {{ lang.FormatCurrency 0 "USD" $p.price }}</title></circle>{{ end }}
</svg></figure>
{{- else }}{{ $rows := index site.Data.gg.rank "training16" }}{{ $field := "rel" }}{{ if eq $kind "perf-per-dollar" }}{{ $rows = index site.Data.gg.value (printf "training16-%s" (.Get "cost")) }}{{ $field = "ppk" }}{{ end -}}
{{- $max := 0.0 }}{{ range $rows }}{{ $max = math.Max $max (index . $field) }}{{ end -}}
<figure class="chart"><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 {{ mul 14 (len $rows) }}" role="img"><title>{{ T "chart_perf_title" }}</title>
{{- range $i, $r := $rows }}{{ $g := index site.Data.gg.gpus $r.gpu }}{{ $v := index $r $field }}
<text x="0" y="{{ add 10 (mul 14 $i) }}" font-size="10">{{ $g.name }}</text><rect x="200" y="{{ add 2 (mul 14 $i) }}" height="10" width="{{ div (mul 400.0 $v) $max }}"/><text x="{{ add 205 (div (mul 400.0 $v) $max) }}" y="{{ add 10 (mul 14 $i) }}" font-size="10">{{ lang.FormatNumber 2 $v }}</text>
{{- end }}
</svg></figure>{{ end -}}""",
    # A GPU page: specs, current price, rank per workload, price history and its chart.
    "gpu-page": """{{- $id := .Get "id" }}{{ $g := index site.Data.gg.gpus $id -}}
<table class="data specs"><caption>{{ T "gpu_specs" }}</caption><tbody>
<tr><th scope="row">{{ T "spec_vendor" }}</th><td>{{ $g.vendor }}</td></tr>
<tr><th scope="row">{{ T "spec_architecture" }}</th><td>{{ $g.architecture }}</td></tr>
<tr><th scope="row">{{ T "spec_segment" }}</th><td>{{ T (printf "segment_%s" $g.segment) }}</td></tr>
<tr><th scope="row">{{ T "spec_memory" }}</th><td>{{ lang.FormatNumber 0 $g.memory_gb }} {{ T "unitsym_GB" }} {{ $g.memory_type }}</td></tr>
<tr><th scope="row">{{ T "spec_bandwidth" }}</th><td>{{ lang.FormatNumber 0 $g.bandwidth_gbs }} {{ T "unitsym_GB_s" }}</td></tr>
<tr><th scope="row">{{ T "spec_fp16" }}</th><td>{{ lang.FormatNumber 1 $g.fp16_tflops }}</td></tr>
<tr><th scope="row">{{ T "spec_tdp" }}</th><td>{{ lang.FormatNumber 0 $g.tdp_w }} W</td></tr>
<tr><th scope="row">{{ T "spec_launch_date" }}</th><td>{{ $g.launch_date | time.AsTime | time.Format ":date_long" }}</td></tr>
<tr><th scope="row">{{ T "spec_launch_price" }}</th><td>{{ with $g.launch_price_usd }}{{ lang.FormatCurrency 0 "USD" . }}{{ else }}–{{ end }}</td></tr>
<tr><th scope="row">{{ T "col_price" }}</th><td>""" + PRICE + """</td></tr>
</tbody></table>
<table class="data"><caption>{{ T "gpu_performance" }}</caption><tbody>
{{- range $w := slice "training16" "inference16" "inference8" }}{{ range $i, $r := index site.Data.gg.rank $w }}{{ if eq $r.gpu $id }}
<tr><th scope="row">{{ T (printf "workload_%s" $w) }}</th><td class="num">{{ lang.FormatNumber 2 $r.rel }}×</td><td class="num">{{ add $i 1 }}</td></tr>{{ end }}{{ end }}{{ end }}
</tbody></table>
{{ if $g.prices }}{{ partial "prices.html" (dict "g" $g) }}{{ end }}""",
}

PRICES_PARTIAL = """<table class="data"><caption>{{ T "gpu_price_observations" }}</caption><tbody>
{{- range .g.prices }}
<tr><td>{{ .date | time.AsTime | time.Format ":date_long" }}</td><td>{{ T (printf "condition_%s" .condition) }}</td><td class="num">{{ if .estimated }}≈{{ end }}{{ lang.FormatCurrency 0 "USD" .price }}</td></tr>
{{- end }}
</tbody></table>"""


def toml_string(s):
    return json.dumps(s, ensure_ascii=False)


def hugo_site(out, pages, fig):
    write(os.path.join(out, "hugo.toml"), HUGO_TOML)
    dates = [p["date"] for g in fig["gpus"].values() for p in g["prices"] if not p["estimated"]]
    data = dict(fig, data_date=max(dates))
    write(os.path.join(out, "data", "gg.json"), json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True))
    write(os.path.join(out, "layouts", "_default", "baseof.html"), BASEOF)
    write(os.path.join(out, "layouts", "_default", "single.html"), SINGLE)
    write(os.path.join(out, "layouts", "_default", "list.html"), LIST)
    write(os.path.join(out, "layouts", "partials", "prices.html"), PRICES_PARTIAL)
    for name, text in SHORTCODES.items():
        write(os.path.join(out, "layouts", "shortcodes", name + ".html"), text)
    os.makedirs(os.path.join(out, "assets"), exist_ok=True)
    shutil.copy(os.path.join(REPO, "assets", "style.css"), os.path.join(out, "assets", "style.css"))
    for lang in LANGS:
        strings = json.load(open(os.path.join(REPO, "content", lang, "_strings.json"), encoding="utf-8"))
        lines = []
        for k in sorted(strings):
            v = strings[k]
            for var in ("workload", "basis", "gpu", "baseline"):
                v = v.replace("{" + var + "}", "{{ ." + var + " }}")
            lines.append(f"{re.sub('[^A-Za-z0-9_]', '_', k)} = {toml_string(v)}")
        write(os.path.join(out, "i18n", HUGO_LANG[lang] + ".toml"), "\n".join(lines) + "\n")
        write(os.path.join(out, "content", lang, "_index.md"), home_markdown("hugo", lang))
        for p in pages:
            write(os.path.join(out, "content", lang, "s", f"{p.n:04d}.md"), page_markdown("hugo", lang, p, fig))
        for gid in fig["order"]:
            g = fig["gpus"][gid]
            write(os.path.join(out, "content", lang, "gpus", gid + ".md"),
                  "---\ntitle: %s\ndate: %s\n---\n\n{{< gpu-page id=\"%s\" >}}\n%s\n"
                  % (toml_string(g["name"]), g["launch_date"], gid,
                     '\n{{< gpu-chart kind="price-history" gpu="%s" >}}\n' % gid if g["prices"] else ""))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", help="folder to create (must not exist or be empty)")
    ap.add_argument("--pages", type=int, default=300, help="pages per language (default 300)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--chart-every", type=int, default=25, metavar="K",
                    help="about one page in K also has a chart (default 25; 0: no chart outside the GPU pages)")
    ap.add_argument("--gpuguide", default=os.environ.get("GPUGUIDE", os.path.join(REPO, "build", "gpuguide")),
                    help="gpuguide binary, for the figures of the Hugo data file (default $GPUGUIDE or ./build/gpuguide)")
    a = ap.parse_args()
    if os.path.exists(a.out) and os.listdir(a.out):
        sys.exit(f"synthetic: {a.out} exists and is not empty")
    fig = load_figures(a.gpuguide)
    priced = [g for g in fig["order"] if fig["gpus"][g].get("price")]
    pages = [Page(a.seed, n, priced, a.chart_every) for n in range(1, a.pages + 1)]
    gpuguide_site(os.path.join(a.out, "gpuguide"), pages, fig)
    hugo_site(os.path.join(a.out, "hugo"), pages, fig)


if __name__ == "__main__":
    main()
